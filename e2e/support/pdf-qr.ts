// The VERI*FACTU QR code of an e-mailed invoice, read as its reader's software would: the PDF's
// first image (the code, drawn as whole pixels per module) taken out of the file, inflated and
// decoded with jsQR.
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

export async function pdfQrText(bytes: Uint8Array): Promise<string | null> {
  const pdf = await PDFDocument.load(bytes);
  const xobjects = pdf.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    if (stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = stream.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = stream.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    // DeviceGray at one bit a pixel, FlateDecode (the invoices' QR code): rows starting on a
    // byte, 1 white; made RGBA for jsQR.
    const bits = inflateSync(stream.contents);
    const bytesPerRow = Math.ceil(width / 8);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const white = ((bits[y * bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1) * 255;
        rgba.set([white, white, white, 255], (y * width + x) * 4);
      }
    const code = jsQR(rgba, width, height);
    if (code) return code.data;
  }
  return null;
}
