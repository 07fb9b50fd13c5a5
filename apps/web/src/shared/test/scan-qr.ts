// Tests that read a VERI*FACTU QR code off the page (shared/ui/verifactu-qr.tsx draws it as an SVG
// of unit squares) decode it as a phone's camera would, with jsQR.
import jsQR from 'jsqr';

/** Reads the drawn SVG as a camera would see it: its modules on white, four pixels each, decoded. */
export function scanQrSvg(svg: Element): string | null {
  const [x0 = 0, , box = 0] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const scale = 4;
  const side = box * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, col, row] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const px = (Number(col) - x0) * scale + dx;
        const py = (Number(row) - x0) * scale + dy;
        pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
