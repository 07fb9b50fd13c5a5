/**
 * A customer's invoice for a booking (docs/invoicing.md#customers-invoices-in-the-owners-name):
 * which kind the regulation allows for its amount, its numbering in the issuer's own series, and
 * how a price with IGIC included splits into base and quota. Pure rules; the server issues.
 */
import type { InvoiceType } from './verifactu';

/**
 * The most a simplified invoice may carry, tax included (RD 1619/2012 art. 4.1.a: 400 €). The
 * 3,000 € limit of art. 4.2 is only for the trades it lists, and a boat trip is none of them.
 */
export const SIMPLIFIED_LIMIT_CENTS = 40_000;

/** F2 simplified within the limit; above it a full invoice (F1) to the customer. */
export function saleInvoiceType(totalCents: number): Extract<InvoiceType, 'F1' | 'F2'> {
  return totalCents <= SIMPLIFIED_LIMIT_CENTS ? 'F2' : 'F1';
}

/**
 * The series' letters each kind is numbered in: simplified S, full F, rectifying RC. Never the
 * platform's commission series (`2027-…`, credit notes `R2027-…`), which share its chain.
 */
export function customerSeriesLetter(type: InvoiceType): 'S' | 'F' | 'RC' {
  if (type === 'F2') return 'S';
  if (type === 'F1' || type === 'F3') return 'F';
  return 'RC';
}

/** A rectifying invoice (a refund's, or a dearer change's): R5 corrects a simplified invoice, R1 a full one. */
export function refundInvoiceType(corrected: InvoiceType): Extract<InvoiceType, 'R1' | 'R5'> {
  return corrected === 'F2' ? 'R5' : 'R1';
}

/**
 * The counter of an issuer's series in a year (invoice_counters): one per issuer (NIF), letter
 * and year, so each owner's customers' invoices are numbered apart from everyone else's, and the
 * platform's apart from its commission invoices (`F-2027`).
 */
export function customerSeriesKey(issuerNif: string, type: InvoiceType, year: number): string {
  return `C:${issuerNif}:${customerSeriesLetter(type)}-${String(year)}`;
}

/** `S2027-000001`: the letter, the year and the number, unique within the issuer's documents. */
export function customerInvoiceNumber(type: InvoiceType, year: number, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('invoice numbers start at 1');
  return `${customerSeriesLetter(type)}${String(year)}-${String(n).padStart(6, '0')}`;
}

/**
 * A price with IGIC included, split into its taxable base and quota at `rateBps` (700 = 7 %):
 * the base rounded to the cent, the quota what is left, so base + quota is the price exactly.
 * Exempt (null): all base, no quota.
 */
export function splitTaxIncluded(
  totalCents: number,
  rateBps: number | null,
): { baseCents: number; quotaCents: number } {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError('amounts are whole cents');
  if (rateBps === null || rateBps === 0) return { baseCents: totalCents, quotaCents: 0 };
  const baseCents = Math.round((totalCents * 10_000) / (10_000 + rateBps));
  return { baseCents, quotaCents: totalCents - baseCents };
}

/**
 * The texts key (owner-invoices.json) of a customer invoice's title, on its page and its PDF: a
 * simplified, a rectifying or a full invoice.
 */
export function customerInvoiceTitleKey(type: InvoiceType): string {
  if (type === 'F2') return 'customer.simplified';
  return type.startsWith('R') ? 'customer.rectifying' : 'document.invoice';
}
