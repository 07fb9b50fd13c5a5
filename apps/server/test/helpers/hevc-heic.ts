// An HEIC file as an iPhone writes it (HEIF container, HEVC-coded image), built from an AVIF
// that sharp can make: the AV1 item and its config box are swapped for their HEVC counterparts
// (`hvc1`, and an `hvcC` record with no parameter sets). libheif reads its header like a
// phone's photo and then finds no decoder for its pixels, as with sharp's prebuilt binaries.
import sharp from 'sharp';

type Box = { type: string; start: number; end: number; headerSize: number };

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to;) {
    const size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size < 8) throw new Error(`unsupported box size ${size} (${type})`);
    out.push({ type, start: at, end: at + size, headerSize: 8 });
    at += size;
  }
  return out;
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** HEVCDecoderConfigurationRecord (ISO/IEC 14496-15) for Main profile, no NAL unit arrays. */
function hvcC(): Buffer {
  const r = Buffer.alloc(23);
  r[0] = 1; // configurationVersion
  r[1] = 0x01; // general_profile_space 0, tier 0, profile_idc 1 (Main)
  r.writeUInt32BE(0x60000000, 2); // general_profile_compatibility_flags
  r[12] = 90; // general_level_idc (3.0)
  r.writeUInt16BE(0xf000, 13); // min_spatial_segmentation_idc
  r[15] = 0xfc; // parallelismType
  r[16] = 0xfd; // chroma_format_idc 4:2:0
  r[17] = 0xf8; // bit_depth_luma 8
  r[18] = 0xf8; // bit_depth_chroma 8
  r.writeUInt16BE(0, 19); // avgFrameRate
  r[21] = 0x0f; // lengthSizeMinusOne 3
  r[22] = 0; // numOfArrays
  return r;
}

export async function hevcHeic(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .avif()
    .toBuffer();
  const top = boxes(avif, 0, avif.length);
  const parts: Buffer[] = [];
  let growth = 0;
  let ilocAt = -1;
  for (const b of top) {
    if (b.type === 'ftyp') {
      // major brand heic, minor 0, compatible mif1 heic miaf
      parts.push(box('ftyp', Buffer.from('heic\0\0\0\0mif1heicmiaf', 'latin1')));
      growth += 28 - (b.end - b.start);
    } else if (b.type === 'meta') {
      const metaBody: Buffer[] = [avif.subarray(b.start + 8, b.start + 12)]; // version + flags
      for (const c of boxes(avif, b.start + 12, b.end)) {
        let bytes: Buffer = Buffer.from(avif.subarray(c.start, c.end));
        if (c.type === 'iinf') {
          const at = bytes.indexOf('av01', 0, 'latin1');
          bytes.write('hvc1', at, 'latin1');
        } else if (c.type === 'iprp') {
          const iprpBody: Buffer[] = [];
          for (const p of boxes(avif, c.start + 8, c.end)) {
            if (p.type !== 'ipco') {
              iprpBody.push(avif.subarray(p.start, p.end));
              continue;
            }
            const props = boxes(avif, p.start + 8, p.end).map((q) =>
              q.type === 'av1C' ? box('hvcC', hvcC()) : avif.subarray(q.start, q.end),
            );
            iprpBody.push(box('ipco', Buffer.concat(props)));
          }
          bytes = box('iprp', Buffer.concat(iprpBody));
        } else if (c.type === 'iloc') {
          ilocAt = metaBody.reduce((n, x) => n + x.length, 0);
        }
        metaBody.push(bytes);
      }
      const meta = box('meta', Buffer.concat(metaBody));
      growth += meta.length - (b.end - b.start);
      if (ilocAt >= 0) ilocAt += parts.reduce((n, x) => n + x.length, 0) + 8;
      parts.push(meta);
    } else {
      parts.push(avif.subarray(b.start, b.end));
    }
  }
  const out = Buffer.concat(parts);
  shiftIlocOffsets(out, ilocAt, growth);
  return out;
}

/** The mdat moved by `delta` bytes: every extent offset (or base offset) in iloc moves too. */
function shiftIlocOffsets(buf: Buffer, at: number, delta: number): void {
  const version = buf[at + 8]!;
  let p = at + 12;
  const sizes = buf.readUInt16BE(p);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  p += 2;
  const itemCount = version < 2 ? buf.readUInt16BE(p) : buf.readUInt32BE(p);
  p += version < 2 ? 2 : 4;
  const read = (n: number) => (n === 4 ? buf.readUInt32BE(p) : n === 8 ? Number(buf.readBigUInt64BE(p)) : 0);
  const write = (n: number, v: number) =>
    n === 4 ? buf.writeUInt32BE(v, p) : n === 8 ? buf.writeBigUInt64BE(BigInt(v), p) : undefined;
  for (let i = 0; i < itemCount; i++) {
    p += version < 2 ? 2 : 4; // item_ID
    if (version === 1 || version === 2) p += 2; // construction_method
    p += 2; // data_reference_index
    const base = read(baseOffsetSize);
    if (baseOffsetSize > 0 && base > 0) write(baseOffsetSize, base + delta);
    p += baseOffsetSize;
    const extents = buf.readUInt16BE(p);
    p += 2;
    for (let e = 0; e < extents; e++) {
      p += indexSize;
      if (baseOffsetSize === 0 || base === 0) write(offsetSize, read(offsetSize) + delta);
      p += offsetSize + lengthSize;
    }
  }
}
