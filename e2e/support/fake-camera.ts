// A camera picture for Chromium's fake video capture: a QR code drawn into a Y4M file, the
// format `--use-file-for-fake-video-capture` plays in a loop as if a phone camera saw it.
import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/** Writes a one-frame 640×480 Y4M (4:2:0) showing `text` as a black-on-white QR code. */
export async function writeQrVideo(text: string, path: string): Promise<void> {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * quiet));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235); // white (video range)
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const offset = (top + row * scale + y) * WIDTH + left + col * scale;
        luma.fill(16, offset, offset + scale); // black
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128); // no colour
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  await writeFile(path, Buffer.concat([header, luma, chroma, chroma]));
}
