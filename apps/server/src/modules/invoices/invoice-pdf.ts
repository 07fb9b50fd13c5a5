// A commission invoice or credit note (and a customer's invoice: customer-invoice-pdf.ts) as an
// A4 PDF, the attachment of its e-mail
// (docs/invoicing.md#qr-code): what the printable page shows, from the same detail
// (invoice-detail.ts), in the owner's language with the page's texts (owner-invoices.json). The
// VERI*FACTU QR code heads the first page, its symbol 35 mm wide, error correction M, with the
// legend in Spanish beside it. Noto Sans writes every language of the site, Cyrillic included;
// each PDF embeds only the glyphs it uses (domain truetype.ts makes the subsets exact).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  typedArrayFor,
  type PDFFont,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { formatCanaryDate, formatCanaryMonthYear } from '@boats/domain/canary-time';
import { formatEuros, formatNumber } from '@boats/domain/money';
import { agentsLine, commissionDocumentKeys } from '@boats/domain/commission-invoice';
import type { LanguageCode } from '@boats/domain/languages';
import { evenGlyphs } from '@boats/domain/truetype';
import type { Invoice, InvoiceParty } from '@boats/domain/schemas/invoices';
import {
  QR_ERROR_CORRECTION,
  QR_SIZE_MM,
  QR_TITLE,
  VERIFACTU_LEGEND,
  VERIFACTU_MARK,
} from '@boats/domain/verifactu';
import { localeTexts } from '../../locale-texts';

const texts = localeTexts('owner-invoices');

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.067, 0.067, 0.067);
const MUTED = rgb(0.267, 0.267, 0.267);
const RULE = rgb(0.8, 0.8, 0.8);
const POINTS_PER_MM = 72 / 25.4;
/** ISO/IEC 18004's quiet zone: four modules of white on every side. */
const QUIET = 4;
/** Pixels per module in the embedded image; drawn without smoothing, so it stays sharp. */
const PIXELS_PER_MODULE = 8;

// The font files from node_modules, wherever the server runs from (source or bundle).
const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;
function fonts() {
  fontFiles ??= {
    regular: evenGlyphs(
      readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    ),
    bold: evenGlyphs(
      readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
    ),
  };
  return fontFiles;
}

/**
 * fontkit decodes a font's tables as they are first used (glyph outlines, the layout lookups that
 * shape each string) and keeps them on the font object; pdf-lib asks fontkit for a new one for
 * every document, so every PDF decoded them all again: about 200 ms of the server's CPU per PDF,
 * the confirmation e-mail's invoice competing with checkout (docs/performance.md). Each font file
 * is parsed once per process here, and the strings it shaped are kept (a document's labels,
 * headings and legends repeat in every one); each document still embeds its own subset of glyphs.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsedFonts = new Map<Uint8Array, ReturnType<Fontkit['create']>>();
const SHAPED_STRINGS_KEPT = 20_000;
const sharedFontkit: Fontkit = {
  create(data) {
    let font = parsedFonts.get(data);
    if (!font) {
      font = fontkit.create(data);
      const layout = font.layout.bind(font);
      const shaped = new Map<string, ReturnType<typeof layout>>();
      // pdf-lib reads only the run's glyphs (their ids and advance widths), never changes them.
      font.layout = (text, features) => {
        if (features) return layout(text, features);
        let run = shaped.get(text);
        if (!run) {
          if (shaped.size >= SHAPED_STRINGS_KEPT) shaped.clear();
          shaped.set(text, (run = layout(text)));
        }
        return run;
      };
      parsedFonts.set(data, font);
    }
    return font;
  },
};

/**
 * pdf-lib compresses the streams it embeds (the fonts' subsets and their character maps) with
 * pako, zlib written in JavaScript, which allocates its window and tables anew for every stream:
 * about a millisecond of a customer's invoice's ten, with the garbage it leaves
 * (docs/performance.md). Node's zlib does the same deflate natively; only the compressor changes,
 * the streams and their filter stay the same.
 */
function compressWithNodeZlib(pdf: PDFDocument): void {
  const { context } = pdf;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typedArrayFor(contents)), { ...dict, Filter: 'FlateDecode' });
}

/**
 * Splits `text` into lines no wider than `width` at `size` (a word longer than that stays whole).
 * pdf-lib's width of a string is its glyphs' advance widths added up, so a line's width is its
 * words' and spaces' widths: each word is measured once, not each growing line again.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const widthOf = (word: string) => font.widthOfTextAtSize(word, size);
  const space = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = widthOf(word);
      if (line && lineWidth + space + wordWidth > width) {
        lines.push(line);
        line = word;
        lineWidth = wordWidth;
      } else if (line) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
      } else {
        line = word;
        lineWidth = wordWidth;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Where the next line goes; a new page when the current one is full. */
class Pen {
  page: PDFPage;
  y: number;
  constructor(private readonly pdf: PDFDocument) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(text: string, font: PDFFont, size: number, opts: { x?: number; width?: number; gap?: number } = {}) {
    const { x = MARGIN, width = WIDTH, gap = 3 } = opts;
    for (const line of wrap(text, font, size, width)) {
      this.room(size + gap);
      this.y -= size;
      this.page.drawText(line, { x, y: this.y, size, font, color: INK });
      this.y -= gap;
    }
  }
}

/**
 * The QR code as an image XObject: its modules, the quiet zone included, as one bit a pixel
 * (PIXELS_PER_MODULE to a module, black on white), compressed by Node's zlib and drawn without
 * interpolation. Written directly: a PNG that pdf-lib decoded and compressed again, in RGB, was
 * most of a PDF's CPU. Returns the image and how wide the symbol is in modules.
 */
function qrImage(pdf: PDFDocument, url: string): { ref: PDFRef; modules: number } {
  // One byte segment: the address as it is. Left to itself the library searches the cheapest mix
  // of byte, alphanumeric and numeric runs for every address, nearly half the symbol's CPU, to the same
  // version for the AEAT's addresses.
  const { modules } = QRCode.create([{ data: Buffer.from(url), mode: 'byte' }], {
    errorCorrectionLevel: QR_ERROR_CORRECTION,
  });
  const side = (modules.size + 2 * QUIET) * PIXELS_PER_MODULE;
  const bytesPerRow = Math.ceil(side / 8);
  // DeviceGray at one bit: 1 is white, 0 is black. A row of modules is drawn into its first
  // row of pixels, then copied to the others it spans (pixel by pixel it was 0.6 ms a PDF).
  const bits = Buffer.alloc(bytesPerRow * side, 0xff);
  for (let row = 0; row < modules.size; row++) {
    const first = (row + QUIET) * PIXELS_PER_MODULE * bytesPerRow;
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const left = (col + QUIET) * PIXELS_PER_MODULE;
      for (let x = left; x < left + PIXELS_PER_MODULE; x++) bits[first + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    for (let y = 1; y < PIXELS_PER_MODULE; y++) {
      bits.copy(bits, first + y * bytesPerRow, first, first + bytesPerRow);
    }
  }
  const stream = pdf.context.stream(deflateSync(bits), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: side,
    Height: side,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'FlateDecode',
    Interpolate: false,
  });
  return { ref: pdf.context.register(stream), modules: modules.size };
}

/**
 * What an A4 document shows, whoever issued it: its texts already in the reader's language, its
 * table's header and rows (its amounts right-aligned), its totals and note.
 */
export type PrintableDocument = {
  language: LanguageCode;
  /** The document's date: the PDF's own dates, so one document always renders to the same bytes. */
  issuedAt: string;
  title: string;
  subject: string;
  facts: [string, string][];
  parties: { heading: string; party: InvoiceParty }[];
  /** Lines under the parties (a legal mention), in the muted ink. */
  mentions: string[];
  columns: string[];
  /** How many of the last columns hold amounts (right-aligned). */
  amountColumns: number;
  rows: string[][];
  /** Further tables under the first, each under its heading (a commission invoice's agents' line). */
  sections?: { heading: string; columns: string[]; amountColumns: number; rows: string[][] }[];
  totals: [string, string][];
  note: string | null;
  qrUrl: string | null;
};

/** A commission invoice, credit note or substitution, from the printable page's detail. */
export async function invoicePdf(invoice: Invoice): Promise<Uint8Array> {
  return documentPdf(commissionDocument(invoice));
}

/**
 * What a commission document's PDF draws, in the owner's language: its facts, parties, the fees'
 * table, the agents' line where an agent sold in the owner's name (decision 36), totals and note.
 */
export function commissionDocument(invoice: Invoice): PrintableDocument {
  const lang = invoice.language;
  const t = texts(lang);
  const euros = (n: number) => formatEuros(n, lang);
  const keys = commissionDocumentKeys(invoice.kind);
  const [year, month] = invoice.period.split('-').map(Number);
  const facts: [string, string][] = [
    [t('document.number'), invoice.number],
    [t('document.issued'), formatCanaryDate(new Date(invoice.issuedAt), lang)],
    [t('document.period'), formatCanaryMonthYear(year ?? 2000, month ?? 1, lang)],
  ];
  if (invoice.corrects) {
    facts.push([
      t(keys.corrects),
      t('document.numberOfDate', {
        number: invoice.corrects.number,
        date: formatCanaryDate(new Date(invoice.corrects.issuedAt), lang),
      }),
    ]);
  }
  const agents = agentsLine(invoice);
  const agentsSection = {
    heading: t('document.agentsHeading'),
    columns: [
      t('document.trip'),
      t('document.reference'),
      t('document.agent'),
      t('document.agentCommission'),
    ],
    amountColumns: 1,
    rows: agents.lines.map((line) => [
      formatCanaryDate(new Date(line.tripStartsAt), lang),
      line.reference,
      line.agentName ?? '',
      euros(line.agentCommission),
    ]),
  };
  return {
    language: lang,
    issuedAt: invoice.issuedAt,
    title: t(keys.title),
    subject: t('document.subject'),
    facts,
    parties: [
      { heading: t('document.seller'), party: invoice.seller },
      { heading: t('document.buyer'), party: invoice.buyer },
    ],
    mentions: [],
    columns: [
      t('document.trip'),
      t('document.reference'),
      t('document.net'),
      t('document.rate'),
      t('document.fee'),
    ],
    amountColumns: 3,
    rows: invoice.lines.map((line) => [
      formatCanaryDate(new Date(line.tripStartsAt), lang),
      line.reference,
      euros(line.net),
      `${formatNumber(line.commissionPercent, lang)} %`,
      euros(line.fee),
    ]),
    sections: agents.lines.length > 0 ? [agentsSection] : [],
    totals: [
      ...(agents.lines.length > 0
        ? ([
            [t('document.feesSubtotal'), euros(agents.fees)],
            [t('document.agentsSubtotal'), euros(agents.commissions)],
          ] as [string, string][])
        : []),
      [t('document.base'), euros(invoice.base)],
      [t('document.igic', { percent: formatNumber(invoice.igicPercent, lang) }), euros(invoice.igic)],
      [t('document.total'), euros(invoice.total)],
    ],
    note: agents.lines.length > 0 ? `${t('document.agentsNote')} ${t(keys.note)}` : t(keys.note),
    qrUrl: invoice.verifactu?.qrUrl ?? null,
  };
}

/** A document as an A4 PDF, the VERI*FACTU QR code heading its first page. */
export async function documentPdf(doc: PrintableDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(sharedFontkit);
  compressWithNodeZlib(pdf);
  const regular = await pdf.embedFont(fonts().regular, { subset: true });
  const bold = await pdf.embedFont(fonts().bold, { subset: true });
  const number = doc.facts[0]?.[1] ?? '';
  pdf.setTitle(`${doc.title} ${number}`);
  pdf.setLanguage(doc.language);
  pdf.setSubject(doc.subject);
  pdf.setAuthor(doc.parties[0]?.party.name ?? '');
  pdf.setCreator('Tenerife Boats');
  pdf.setCreationDate(new Date(doc.issuedAt));
  pdf.setModificationDate(new Date(doc.issuedAt));
  const pen = new Pen(pdf);

  if (doc.qrUrl) {
    const { ref, modules } = qrImage(pdf, doc.qrUrl);
    // The symbol is QR_SIZE_MM wide; the image adds the quiet zone around it.
    const side = ((QR_SIZE_MM * (modules + 2 * QUIET)) / modules) * POINTS_PER_MM;
    const quiet = (side * QUIET) / (modules + 2 * QUIET);
    pen.text(QR_TITLE, regular, 8, { x: MARGIN + quiet, gap: 0 });
    const top = pen.y;
    pen.page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(side, 0, 0, side, MARGIN, top - side),
      drawObject(pen.page.node.newXObject('QR', ref)),
      popGraphicsState(),
    );
    pen.y = top - quiet;
    const beside = { x: MARGIN + side + 12, width: WIDTH - side - 12 };
    pen.text(VERIFACTU_MARK, bold, 11, beside);
    pen.text(VERIFACTU_LEGEND, regular, 9, beside);
    pen.y = top - side - 8;
  }

  pen.text(doc.title, bold, 20, { gap: 4 });
  pen.text(doc.subject, regular, 10, { gap: 10 });
  for (const [label, value] of doc.facts) {
    pen.room(14);
    pen.y -= 10;
    pen.page.drawText(label, { x: MARGIN, y: pen.y, size: 10, font: bold, color: INK });
    pen.page.drawText(value, { x: MARGIN + 150, y: pen.y, size: 10, font: regular, color: INK });
    pen.y -= 4;
  }

  pen.y -= 10;
  const party = (heading: string, p: InvoiceParty, x: number) => {
    const column = { x, width: WIDTH / 2 - 10 };
    const start = pen.y;
    pen.text(heading, bold, 10, column);
    pen.text([p.name, p.address].filter(Boolean).join('\n'), regular, 10, column);
    if (p.taxId) pen.text(texts(doc.language)('document.taxId', { taxId: p.taxId }), regular, 10, column);
    const end = pen.y;
    pen.y = start;
    return end;
  };
  pen.room(80);
  const ends = doc.parties.map((p, i) => party(p.heading, p.party, MARGIN + i * (WIDTH / 2 + 10)));
  pen.y = Math.min(pen.y, ...ends) - 12;
  for (const mention of doc.mentions) pen.text(mention, regular, 9, { gap: 6 });

  // A table: the first columns left-aligned, the amounts right-aligned at the right edge.
  const table = (columns: string[], amountColumns: number, rows: string[][]) => {
    const count = columns.length;
    const xs =
      count === 5
        ? [MARGIN, MARGIN + 110, MARGIN + 270, MARGIN + 330, MARGIN + WIDTH]
        : count === 2
          ? [MARGIN, MARGIN + WIDTH]
          : [MARGIN, MARGIN + 110, MARGIN + 200, MARGIN + WIDTH];
    const rightFrom = count - amountColumns;
    // A description and its amount (a customer's invoice lines): the description wraps before the
    // amount's room; the narrow columns of the other tables hold short figures only.
    const row = (cells: string[], font: PDFFont) => {
      const described = count === 2 ? wrap(cells[0] ?? '', font, 9, WIDTH - 90) : [cells[0] ?? ''];
      pen.room(16 + 11 * (described.length - 1));
      pen.y -= 10;
      cells.forEach((cell, i) => {
        const x0 = xs[i] ?? MARGIN;
        const x = i >= rightFrom ? x0 - font.widthOfTextAtSize(cell, 9) : x0;
        if (i > 0) pen.page.drawText(cell, { x, y: pen.y, size: 9, font, color: INK });
      });
      described.forEach((line, i) => {
        pen.page.drawText(line, { x: MARGIN, y: pen.y - 11 * i, size: 9, font, color: INK });
      });
      pen.y -= 4 + 11 * (described.length - 1);
      pen.page.drawLine({
        start: { x: MARGIN, y: pen.y },
        end: { x: MARGIN + WIDTH, y: pen.y },
        thickness: 0.5,
        color: RULE,
      });
    };
    row(columns, bold);
    for (const cells of rows) row(cells, regular);
  };
  table(doc.columns, doc.amountColumns, doc.rows);
  for (const section of doc.sections ?? []) {
    pen.y -= 12;
    pen.room(40);
    pen.text(section.heading, bold, 10, { gap: 2 });
    table(section.columns, section.amountColumns, section.rows);
  }

  pen.y -= 8;
  doc.totals.forEach(([label, value], i) => {
    const font = i === doc.totals.length - 1 ? bold : regular;
    pen.room(16);
    pen.y -= 11;
    pen.page.drawText(label, { x: MARGIN + WIDTH - 250, y: pen.y, size: 11, font, color: INK });
    const x = MARGIN + WIDTH - font.widthOfTextAtSize(value, 11);
    pen.page.drawText(value, { x, y: pen.y, size: 11, font, color: INK });
    pen.y -= 5;
  });

  if (doc.note) {
    pen.y -= 14;
    for (const line of wrap(doc.note, regular, 9, WIDTH)) {
      pen.room(13);
      pen.y -= 9;
      pen.page.drawText(line, { x: MARGIN, y: pen.y, size: 9, font: regular, color: MUTED });
      pen.y -= 4;
    }
  }
  return pdf.save();
}
