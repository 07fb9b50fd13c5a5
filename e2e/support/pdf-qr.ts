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
    // DeviceRGB, FlateDecode: three bytes a pixel, made RGBA for jsQR.
    const rgb = inflateSync(stream.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) return code.data;
  }
  return null;
}
