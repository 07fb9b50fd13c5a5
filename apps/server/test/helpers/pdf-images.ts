// What a reader of an e-mailed PDF finds in it: the attachment's bytes, and the first page's
// images with the size each is drawn at (the invoices' VERI*FACTU QR codes are decoded from them).
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { expect } from 'vitest';

/** The attachment `filename` of a raw e-mail, decoded from base64. */
export function attachment(raw: string, filename: string): Buffer {
  const start = raw.indexOf(`filename=${filename}`);
  expect(start, `no attachment ${filename}`).toBeGreaterThan(-1);
  const body = /\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(raw.slice(start))?.[1] ?? '';
  return Buffer.from(body, 'base64');
}

/**
 * The first page's images as a reader of the file finds them (each image XObject's pixels,
 * inflated), and the size each is drawn at, in millimetres, from the page's drawing operators.
 */
export async function pdfImages(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
  const drawing = streams
    .map((s) => (s instanceof PDFRawStream ? inflateSync(s.contents).toString('latin1') : ''))
    .join('\n');
  return (xobjects?.entries() ?? []).flatMap(([name, ref]) => {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) return [];
    const dict = stream.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return [];
    expect(dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    const width = dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    const pixels = inflateSync(stream.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    const colorSpace = dict.get(PDFName.of('ColorSpace'));
    const bitsPerComponent = dict.lookup(PDFName.of('BitsPerComponent'), PDFNumber).asNumber();
    if (colorSpace === PDFName.of('DeviceRGB') && bitsPerComponent === 8) {
      for (let i = 0; i < width * height; i++) {
        rgba.set([pixels[i * 3]!, pixels[i * 3 + 1]!, pixels[i * 3 + 2]!, 255], i * 4);
      }
    } else if (colorSpace === PDFName.of('DeviceGray') && bitsPerComponent === 1) {
      // Rows of bits, each row starting on a byte; 1 is white.
      const bytesPerRow = Math.ceil(width / 8);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const white = (pixels[y * bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1;
          rgba.set([white * 255, white * 255, white * 255, 255], (y * width + x) * 4);
        }
    } else {
      throw new Error(`image in ${colorSpace?.toString()} at ${bitsPerComponent} bits: not read here`);
    }
    const placed = new RegExp(
      `([\\d.]+) 0 0 ([\\d.]+) [\\d.-]+ [\\d.-]+ cm\\s*(?:1 0 0 1 0 0 cm\\s*)?${name.toString()} Do`,
    ).exec(drawing);
    const mm = (points: string | undefined) => (Number(points) * 25.4) / 72;
    return [{ width, height, rgba, drawnMm: { width: mm(placed?.[1]), height: mm(placed?.[2]) } }];
  });
}
