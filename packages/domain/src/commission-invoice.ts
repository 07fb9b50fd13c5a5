/**
 * The platform's commission invoices to owners (docs/payments.md#commission-invoices): what an
 * invoice or a credit note carries, its IGIC (the Canary Islands' indirect tax) rounded once on
 * the document's base, and its number in a gap-free series per kind and year.
 *
 * An owner's earning lines are invoiced once each. A run takes the lines not yet on a document:
 * those of a booking already invoiced whose fee went down (a refund after the invoice) go on a
 * credit note correcting that booking's invoice; every other line goes on the month's invoice.
 * So the fees on invoices minus the credit notes equal the fees of the lines invoiced, to the
 * cent.
 */
import { shareAtBps } from './fee-split';

/** The IGIC rate unless IGIC_PERCENT says otherwise (the general rate). */
export const DEFAULT_IGIC_PERCENT = 7;

/**
 * An invoice, a credit note (a rectifying invoice by differences: a fee refunded), or a rectifying
 * invoice by substitution (the same invoice to the owner's corrected name or tax id: it replaces
 * the invoice it rectifies; docs/invoicing.md#changing-the-recipients-data).
 */
export type InvoiceKind = 'invoice' | 'credit_note' | 'substitution';
export const INVOICE_KINDS = [
  'invoice',
  'credit_note',
  'substitution',
] as const satisfies readonly InvoiceKind[];

/**
 * The texts keys (owner-invoices.json) of a commission document's title, of the invoice it
 * corrects or replaces, and of its closing note: one rule for its page and its PDF.
 */
export function commissionDocumentKeys(kind: InvoiceKind): { title: string; corrects: string; note: string } {
  return {
    invoice: { title: 'document.invoice', corrects: 'document.corrects', note: 'document.invoiceNote' },
    credit_note: {
      title: 'document.creditNote',
      corrects: 'document.corrects',
      note: 'document.creditNoteNote',
    },
    substitution: {
      title: 'document.substitution',
      corrects: 'document.substitutes',
      note: 'document.substitutionNote',
    },
  }[kind];
}

export interface InvoiceTotals {
  baseCents: number;
  igicBps: number;
  igicCents: number;
  totalCents: number;
}

/** A document's totals: the sum of its lines' fees, IGIC on that sum, and both together. */
export function invoiceTotals(lineFeesCents: readonly number[], igicBps: number): InvoiceTotals {
  const baseCents = lineFeesCents.reduce((sum, fee) => sum + fee, 0);
  const igicCents = shareAtBps(baseCents, igicBps);
  return { baseCents, igicBps, igicCents, totalCents: baseCents + igicCents };
}

/**
 * The series a number is taken from: invoices `F-2027`, and the rectifying ones (credit notes and
 * substitutions) `R-2027`, each without gaps.
 */
export function invoiceSeries(kind: InvoiceKind, year: number): string {
  return `${kind === 'invoice' ? 'F' : 'R'}-${String(year)}`;
}

/** `2026-000123` for an invoice, `R2026-000004` for a credit note. */
export function invoiceNumber(kind: InvoiceKind, year: number, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('invoice numbers start at 1');
  return `${kind === 'invoice' ? '' : 'R'}${String(year)}-${String(n).padStart(6, '0')}`;
}

export interface UninvoicedLine {
  id: string;
  bookingId: string;
  feeCents: number;
}

export interface InvoicePlan<L extends UninvoicedLine> {
  /** Lines on the month's invoice (issued when their fees add up to more than nothing). */
  invoice: L[];
  /** Per invoice corrected, the lines of its credit note (each a lower fee, negative). */
  creditNotes: { correctsInvoiceId: string; lines: L[] }[];
}

/**
 * Which document each line not yet invoiced goes on. `invoiceOfBooking` says on which issued
 * invoice a booking's earlier lines are. A line that changes nothing (fee 0) is left out.
 */
export function planInvoices<L extends UninvoicedLine>(
  lines: readonly L[],
  invoiceOfBooking: ReadonlyMap<string, string>,
): InvoicePlan<L> {
  const invoice: L[] = [];
  const corrections = new Map<string, L[]>();
  for (const line of lines) {
    if (line.feeCents === 0) continue;
    const invoiced = invoiceOfBooking.get(line.bookingId);
    if (invoiced && line.feeCents < 0) {
      corrections.set(invoiced, [...(corrections.get(invoiced) ?? []), line]);
    } else {
      invoice.push(line);
    }
  }
  const total = invoice.reduce((sum, l) => sum + l.feeCents, 0);
  return {
    // A month whose fees net to nothing (a trip refunded in full the same month) has no invoice;
    // its lines wait, and add up to nothing with whatever comes later.
    invoice: total > 0 ? invoice : [],
    creditNotes: [...corrections].map(([correctsInvoiceId, l]) => ({ correctsInvoiceId, lines: l })),
  };
}

/** 'YYYY-MM' of a year and month. */
export const periodKey = (year: number, month: number): string =>
  `${String(year)}-${String(month).padStart(2, '0')}`;
