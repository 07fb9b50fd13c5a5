// A ticket as a standalone 900×360 SVG (docs/product.md §9): what to show at the pier, with a QR code of
// the ticket code drawn as plain rectangles so the file needs no fonts or scripts to scan.
import QRCode from 'qrcode';
import { downloadFile } from '../ui/download-file';

const TICKET_WIDTH = 900;
const TICKET_HEIGHT = 360;
/** A note's lines under the rest: 13 px bold, at most NOTE_CHARS a line (Arial's widest fit 860 px). */
const NOTE_LINE = 20;
const NOTE_CHARS = 100;

/** Splits a note into lines of at most NOTE_CHARS characters, at spaces. */
function noteLines(note: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of note.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && next.length > NOTE_CHARS) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export type TicketSvgInput = {
  code: string;
  boat: string;
  when: string;
  harbour: string;
  seatLabel: string;
  typeLabel: string;
  price: string;
  shortNumberLabel: string;
  /** What the holder must know at the pier (the skipper's licence, the trip's minimum), under all. */
  notes?: readonly string[];
};

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The QR code of `text` as one SVG path `d`, in a `size`-wide square at (x, y), quiet zone included. */
export function qrPathData(text: string, x: number, y: number, size: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) {
        const px = x + (col + quiet) * cell;
        const py = y + (row + quiet) * cell;
        d += `M${px.toFixed(2)} ${py.toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h${(-cell).toFixed(2)}z`;
      }
    }
  }
  return d;
}

/** QR modules as one SVG path, `size` pixels wide, at (x, y); quiet zone included. */
function qrPath(text: string, x: number, y: number, size: number): string {
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fff"/><path d="${qrPathData(text, x, y, size)}" fill="#000"/>`;
}

export function ticketSvg(t: TicketSvgInput): string {
  const line = (y: number, text: string, size: number, weight = 400, fill = '#10212b') =>
    `<text x="40" y="${y}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}">${esc(text)}</text>`;
  const notes = (t.notes ?? []).flatMap(noteLines);
  const height = TICKET_HEIGHT + notes.length * NOTE_LINE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TICKET_WIDTH}" height="${height}" viewBox="0 0 ${TICKET_WIDTH} ${height}">`,
    `<title>${esc(t.code)}</title>`,
    `<rect width="${TICKET_WIDTH}" height="${height}" rx="24" fill="#f6efe3"/>`,
    `<rect width="12" height="${height}" fill="#0b3954"/>`,
    line(70, t.boat, 34, 700, '#0b3954'),
    line(115, t.when, 24),
    line(150, t.harbour, 20, 400, '#4b5d68'),
    line(210, `${t.seatLabel} · ${t.typeLabel}`, 24, 700),
    line(250, t.price, 24),
    line(310, `${t.shortNumberLabel} ${t.code}`, 26, 700, '#0b3954'),
    qrPath(t.code, 600, 40, 280),
    ...notes.map((note, i) => line(TICKET_HEIGHT - 4 + i * NOTE_LINE, note, 13, 700, '#7a3a00')),
    `</svg>`,
  ].join('');
}

export function downloadSvg(svg: string, fileName: string): void {
  downloadFile(svg, 'image/svg+xml', fileName);
}

/** Spec §9: a 900×600 window, print after 200 ms. */
export function printInWindow(title: string, bodyHtml: string): void {
  const win = window.open('', '_blank', 'width=900,height=600');
  if (!win) return;
  win.document.title = title;
  win.document.body.innerHTML = bodyHtml;
  win.document.body.style.fontFamily = 'Arial, Helvetica, sans-serif';
  setTimeout(() => {
    win.focus();
    win.print();
  }, 200);
}
