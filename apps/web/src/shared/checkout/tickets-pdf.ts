// All of a booking's tickets as one PDF, one A4 page per ticket: the boat, the date and time in
// Canary time, the meeting point, the seat, and the ticket's QR code (the same path as the SVG
// ticket and the screen, ticket-svg.ts). Loaded only when a visitor asks for it (with pdf-lib
// and the Noto Sans font, which writes every language of the site), so no page grows by it.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import regularFontUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import boldFontUrl from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import { evenGlyphs } from '@boats/domain/truetype';
import { qrPathData } from './ticket-svg';

/** Every text already in the visitor's language; the PDF writes no words of its own. */
export type TicketsPdfInput = {
  language: string;
  title: string;
  boat: string;
  /** The day and time, saying they are Canary time ("… (Canary time)"). */
  when: string;
  referenceLine: string;
  meeting: { title: string; harbour: string; address: string; note: string; arrive: string };
  /** What the holder must know (the skipper's licence, the trip's minimum), after the meeting point. */
  notes?: readonly string[];
  codeLabel: string;
  tickets: { code: string; seat: string; type: string; price: string }[];
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.063, 0.129, 0.169);
const NAVY = rgb(0.043, 0.224, 0.329);
const MUTED = rgb(0.294, 0.365, 0.408);
const QR_SIZE = 220;

async function fontBytes(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${url}: ${res.status}`);
  return res.arrayBuffer();
}

/** Splits `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

type Pen = { page: PDFPage; y: number };

function write(pen: Pen, text: string, font: PDFFont, size: number, color = INK, gap = 6): void {
  if (!text) return;
  for (const line of wrap(text, font, size, A4[0] - 2 * MARGIN)) {
    pen.y -= size;
    pen.page.drawText(line, { x: MARGIN, y: pen.y, size, font, color });
    pen.y -= gap;
  }
}

export async function ticketsPdf(input: TicketsPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await Promise.all([fontBytes(regularFontUrl), fontBytes(boldFontUrl)]);
  // Padded glyphs, or the font's subsets draw words half garbled (domain truetype.ts).
  const regular = await pdf.embedFont(evenGlyphs(new Uint8Array(regularBytes)), { subset: true });
  const bold = await pdf.embedFont(evenGlyphs(new Uint8Array(boldBytes)), { subset: true });
  pdf.setTitle(input.title);
  pdf.setLanguage(input.language);
  pdf.setSubject(input.referenceLine);
  // The codes, so a reader (or a test) finds each ticket without reading the drawing.
  pdf.setKeywords(input.tickets.map((t) => t.code));
  pdf.setCreator('Tenerife boats');

  for (const ticket of input.tickets) {
    const page = pdf.addPage(A4);
    page.drawRectangle({ x: 0, y: 0, width: 14, height: A4[1], color: NAVY });
    const pen: Pen = { page, y: A4[1] - MARGIN };
    write(pen, input.boat, bold, 24, NAVY, 10);
    write(pen, input.when, regular, 15, INK, 4);
    write(pen, input.referenceLine, regular, 11, MUTED, 16);

    write(pen, `${ticket.seat} · ${ticket.type}`, bold, 16);
    write(pen, ticket.price, regular, 14, INK, 10);
    write(pen, `${input.codeLabel} ${ticket.code}`, bold, 18, NAVY, 12);
    const qrTop = pen.y;
    page.drawRectangle({
      x: MARGIN,
      y: qrTop - QR_SIZE,
      width: QR_SIZE,
      height: QR_SIZE,
      color: rgb(1, 1, 1),
    });
    page.drawSvgPath(qrPathData(ticket.code, 0, 0, QR_SIZE), { x: MARGIN, y: qrTop, color: rgb(0, 0, 0) });
    pen.y = qrTop - QR_SIZE - 24;

    write(pen, input.meeting.title, bold, 15, NAVY, 8);
    write(pen, input.meeting.harbour, bold, 12);
    if (input.meeting.address !== input.meeting.harbour) write(pen, input.meeting.address, regular, 12);
    write(pen, input.meeting.note, regular, 12);
    write(pen, input.meeting.arrive, regular, 12, INK, 12);
    for (const note of input.notes ?? []) write(pen, note, bold, 12);
  }
  return pdf.save();
}
