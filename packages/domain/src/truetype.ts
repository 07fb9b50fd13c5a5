/**
 * A TrueType font made safe for the PDFs' font subsets (the invoices' on the server, the tickets'
 * in the browser; both embed Noto Sans through pdf-lib): every glyph padded to an even length,
 * `loca` in its long form. @pdf-lib/fontkit writes a small subset's `loca` in the short form,
 * which stores offsets halved; after a glyph of odd length (Noto Sans has 1,323) every later
 * glyph of the subset pointed a byte early and drew as garbage or nothing. With even lengths the
 * subset is exact. Tables other than glyf, loca and head are copied as they are.
 */
export function evenGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const entry = 12 + 16 * i;
    const tag = String.fromCharCode(...font.subarray(entry, entry + 4));
    const offset = view.getUint32(entry + 8);
    tables.set(tag, font.subarray(offset, offset + view.getUint32(entry + 12)));
  }
  const table = (tag: string) => {
    const bytes = tables.get(tag);
    if (!bytes) throw new Error(`not a TrueType font: no ${tag} table`);
    return { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  };
  const head = table('head');
  const loca = table('loca');
  const glyf = table('glyf').bytes;
  const glyphs = table('maxp').view.getUint16(4);
  const longLoca = head.view.getInt16(50) === 1;
  const at = (i: number) => (longLoca ? loca.view.getUint32(i * 4) : loca.view.getUint16(i * 2) * 2);

  let length = 0;
  for (let i = 0; i < glyphs; i++) length += even(at(i + 1) - at(i));
  const newGlyf = new Uint8Array(length);
  const newLoca = new Uint8Array((glyphs + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  let offset = 0;
  for (let i = 0; i < glyphs; i++) {
    locaView.setUint32(i * 4, offset);
    newGlyf.set(glyf.subarray(at(i), at(i + 1)), offset);
    offset += even(at(i + 1) - at(i));
  }
  locaView.setUint32(glyphs * 4, offset);
  const newHead = head.bytes.slice();
  new DataView(newHead.buffer).setInt16(50, 1);
  tables.set('head', newHead).set('loca', newLoca).set('glyf', newGlyf);

  // The file again: the header, the directory (tags in order), each table on four bytes.
  const tags = [...tables.keys()].sort();
  const directory = 12 + 16 * tags.length;
  const size = tags.reduce((sum, tag) => sum + four(tables.get(tag)!.length), directory);
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  outView.setUint16(4, tags.length);
  let position = directory;
  tags.forEach((tag, i) => {
    const bytes = tables.get(tag)!;
    out.set(bytes, position);
    let sum = 0;
    for (let j = position; j < position + four(bytes.length); j += 4)
      sum = (sum + outView.getUint32(j)) >>> 0;
    const entry = 12 + 16 * i;
    for (let c = 0; c < 4; c++) out[entry + c] = tag.charCodeAt(c);
    outView.setUint32(entry + 4, sum);
    outView.setUint32(entry + 8, position);
    outView.setUint32(entry + 12, bytes.length);
    position += four(bytes.length);
  });
  return out;
}

const even = (n: number) => n + (n % 2);
const four = (n: number) => n + ((4 - (n % 4)) % 4);
