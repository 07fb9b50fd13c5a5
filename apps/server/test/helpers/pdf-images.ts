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
    // The QR code as the invoices write it: one bit a pixel, grey, rows starting on a byte, 1 white.
    expect(dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceGray'));
    expect(dict.lookup(PDFName.of('BitsPerComponent'), PDFNumber).asNumber()).toBe(1);
    const bits = inflateSync(stream.contents);
    const bytesPerRow = Math.ceil(width / 8);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const white = ((bits[y * bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1) * 255;
        rgba.set([white, white, white, 255], (y * width + x) * 4);
      }
    const placed = new RegExp(
      `([\\d.]+) 0 0 ([\\d.]+) [\\d.-]+ [\\d.-]+ cm\\s*(?:1 0 0 1 0 0 cm\\s*)?${name.toString()} Do`,
    ).exec(drawing);
    const mm = (points: string | undefined) => (Number(points) * 25.4) / 72;
    return [{ width, height, rgba, drawnMm: { width: mm(placed?.[1]), height: mm(placed?.[2]) } }];
  });
}
