import { describe, expect, it } from 'vitest';
import { evenGlyphs } from './truetype';

/** A TrueType file from its tables (directory in the given order, tables unaligned on purpose). */
function font(tables: [string, Uint8Array][]): Uint8Array {
  const directory = 12 + 16 * tables.length;
  const out = new Uint8Array(directory + tables.reduce((n, [, t]) => n + t.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tables.length);
  let offset = directory;
  tables.forEach(([tag, bytes], i) => {
    for (let c = 0; c < 4; c++) out[12 + 16 * i + c] = tag.charCodeAt(c);
    view.setUint32(12 + 16 * i + 8, offset);
    view.setUint32(12 + 16 * i + 12, bytes.length);
    out.set(bytes, offset);
    offset += bytes.length;
  });
  return out;
}

function read(file: Uint8Array) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tables = new Map<string, { bytes: Uint8Array; offset: number; checksum: number }>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const entry = 12 + 16 * i;
    const offset = view.getUint32(entry + 8);
    tables.set(String.fromCharCode(...file.subarray(entry, entry + 4)), {
      bytes: file.subarray(offset, offset + view.getUint32(entry + 12)),
      offset,
      checksum: view.getUint32(entry + 4),
    });
  }
  return tables;
}

describe('a font made safe for PDF subsets', () => {
  // Three glyphs of 3, 0 and 5 bytes, loca in the long form (odd offsets need it).
  const head = new Uint8Array(54);
  new DataView(head.buffer).setInt16(50, 1);
  const maxp = new Uint8Array([0, 1, 0, 0, 0, 3]);
  const loca = new Uint8Array(16);
  [0, 3, 3, 8].forEach((o, i) => new DataView(loca.buffer).setUint32(i * 4, o));
  const glyf = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
  const name = new Uint8Array([9, 9, 9]);
  const original = font([
    ['name', name],
    ['glyf', glyf],
    ['head', head],
    ['loca', loca],
    ['maxp', maxp],
  ]);

  it('pads every glyph to an even length, long loca, the other tables as they were', () => {
    const tables = read(evenGlyphs(original));
    expect([...tables.keys()]).toEqual(['glyf', 'head', 'loca', 'maxp', 'name']);
    expect([...tables.get('glyf')!.bytes]).toEqual([1, 2, 3, 0, 4, 5, 6, 7, 8, 0]);
    const offsets = new DataView(tables.get('loca')!.bytes.slice().buffer);
    expect([0, 1, 2, 3].map((i) => offsets.getUint32(i * 4))).toEqual([0, 4, 4, 10]);
    expect(new DataView(tables.get('head')!.bytes.slice().buffer).getInt16(50)).toBe(1);
    expect([...tables.get('name')!.bytes]).toEqual([9, 9, 9]);
    expect([...tables.get('maxp')!.bytes]).toEqual([...maxp]);
  });

  it('reads a short loca too, and writes each table on four bytes with its checksum', () => {
    const shortHead = head.slice();
    new DataView(shortHead.buffer).setInt16(50, 0);
    const shortLoca = new Uint8Array(8);
    [0, 2, 2, 4].forEach((o, i) => new DataView(shortLoca.buffer).setUint16(i * 2, o)); // 0, 4, 4, 8 bytes
    const out = evenGlyphs(
      font([
        ['glyf', glyf],
        ['head', shortHead],
        ['loca', shortLoca],
        ['maxp', maxp],
      ]),
    );
    const tables = read(out);
    expect([...tables.get('glyf')!.bytes]).toEqual([...glyf]);
    for (const { bytes, offset, checksum } of tables.values()) {
      expect(offset % 4).toBe(0);
      const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
      padded.set(bytes);
      const words = new DataView(padded.buffer);
      let sum = 0;
      for (let i = 0; i < padded.length; i += 4) sum = (sum + words.getUint32(i)) >>> 0;
      expect(checksum).toBe(sum);
    }
  });
});
