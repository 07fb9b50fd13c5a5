/**
 * A customer's invoice for a booking (docs/invoicing.md#customers-invoices-in-the-owners-name):
 * which kind the regulation allows for its amount, its numbering in the issuer's own series, and
 * how a price with IGIC included splits into base and quota. Pure rules; the server issues.
 */
import { hoursBetween } from './canary-time';
import type { InvoiceType } from './verifactu';

/**
 * The most a simplified invoice may carry, tax included (RD 1619/2012 art. 4.1.a: 400 €). The
 * 3,000 € limit of art. 4.2 is only for the trades it lists, and a boat trip is none of them.
 */
export const SIMPLIFIED_LIMIT_CENTS = 40_000;

/**
 * What a consumer's sale is invoiced as: always F2, since a consumer gives no tax id, and the AEAT
 * takes a record naming no recipient only as F2 or R5 (its validations 1189 and 1190). Within the
 * limit it is a simplified invoice; above it, a full invoice without the recipient's
 * identification (RD 1619/2012 art. 6.1.d), which the AEAT records as F2 with
 * FacturaSinIdentifDestinatarioArt61d = S (validation 1185 allows that flag on F2 and R5 only;
 * 1150 lets such an F2 pass the 3,000 € cap of a simplified one). docs/invoicing.md#customers-invoices-in-the-owners-name.
 */
export function saleInvoice(totalCents: number): {
  type: Extract<InvoiceType, 'F2'>;
  withoutRecipientId: boolean;
} {
  return { type: 'F2', withoutRecipientId: totalCents > SIMPLIFIED_LIMIT_CENTS };
}

/**
 * Whether a consumer's sale of `totalCents` is invoiced with a full invoice, which names the
 * customer and their address (RD 1619/2012 art. 6.1.c and e; a simplified one names nobody,
 * art. 7): above the simplified-invoice limit. The booking flow asks for the address then.
 */
export function invoiceNamesRecipient(totalCents: number): boolean {
  return saleInvoice(totalCents).withoutRecipientId;
}

/**
 * Whether an issued customer invoice's record carries the art. 6.1.d flag: a consumer's F2 above
 * the limit, and each rectifying invoice (R5) of such an F2, which keeps its original's flag.
 */
export function isWithoutRecipientId(
  invoice: { invoiceType: InvoiceType; totalCents: number },
  rectified?: { invoiceType: InvoiceType; totalCents: number },
): boolean {
  if (invoice.invoiceType === 'R5') return rectified !== undefined && isWithoutRecipientId(rectified);
  return invoice.invoiceType === 'F2' && saleInvoice(invoice.totalCents).withoutRecipientId;
}

/**
 * The series' letters each kind is numbered in: simplified S, full F, rectifying RC; an invoice
 * its recipient issues in the owner's name (the platform's cover) AP, and its rectification RAP,
 * apart as the law asks of self-billing (RD 1619/2012 art. 5.2). Never the platform's commission
 * series (`2027-…`, credit notes `R2027-…`), which share its chain.
 */
export function customerSeriesLetter(
  type: InvoiceType,
  byRecipient = false,
): 'S' | 'F' | 'RC' | 'AP' | 'RAP' {
  if (byRecipient) return type === 'F1' ? 'AP' : 'RAP';
  if (type === 'F2') return 'S';
  if (type === 'F1' || type === 'F3') return 'F';
  return 'RC';
}

/**
 * A rectifying invoice (a refund's, or a dearer change's): R5 corrects an F2 (naming no recipient,
 * as its original), R1 an invoice that names its recipient (an F3 to a company, or an F1), and
 * names the same recipient (validation 1189).
 */
export function refundInvoiceType(corrected: InvoiceType): Extract<InvoiceType, 'R1' | 'R5'> {
  return corrected === 'F2' ? 'R5' : 'R1';
}

/**
 * The counter of an issuer's series in a year (invoice_counters): one per issuer (NIF), letter
 * and year, so each owner's customers' invoices are numbered apart from everyone else's, and the
 * platform's apart from its commission invoices (`F-2027`).
 */
export function customerSeriesKey(
  issuerNif: string,
  type: InvoiceType,
  year: number,
  byRecipient = false,
): string {
  return `C:${issuerNif}:${customerSeriesLetter(type, byRecipient)}-${String(year)}`;
}

/** `S2027-000001`: the letter, the year and the number, unique within the issuer's documents. */
export function customerInvoiceNumber(
  type: InvoiceType,
  year: number,
  n: number,
  byRecipient = false,
): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('invoice numbers start at 1');
  return `${customerSeriesLetter(type, byRecipient)}${String(year)}-${String(n).padStart(6, '0')}`;
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
 * The kind a reader is told an invoice is, on every list: an F2 above the limit is a full invoice
 * without the recipient's tax id, so it reads as an invoice (F1's words), not a simplified one;
 * its record keeps F2 (the AEAT's type for it).
 */
export function shownInvoiceType(invoice: { invoiceType: InvoiceType; totalCents: number }): InvoiceType {
  return invoice.invoiceType === 'F2' && isWithoutRecipientId(invoice) ? 'F1' : invoice.invoiceType;
}

/**
 * The texts key (owner-invoices.json) of a customer invoice's title, on its page and its PDF: a
 * simplified invoice (an F2 within the limit), a rectifying one, or an invoice (a full one: an F3,
 * or a consumer's F2 above the limit, which is a full invoice without the recipient's tax id).
 */
export function customerInvoiceTitleKey(invoice: { invoiceType: InvoiceType; totalCents: number }): string {
  if (invoice.invoiceType.startsWith('R')) return 'customer.rectifying';
  return isWithoutRecipientId(invoice) || invoice.invoiceType !== 'F2'
    ? 'document.invoice'
    : 'customer.simplified';
}

/**
 * The texts key (owner-invoices.json) of the invoice a customer's invoice names, on its page and
 * its PDF: the one a rectifying invoice by substitution replaces (the recipient's data corrected),
 * the simplified one a company's full invoice replaces, or the one a rectifying invoice corrects.
 */
export function customerInvoiceCorrectsKey(invoice: {
  invoiceType: InvoiceType;
  corrects: { bySubstitution: boolean } | null;
}): string {
  if (invoice.corrects?.bySubstitution) return 'document.substitutes';
  return invoice.invoiceType === 'F3' ? 'customer.replaces' : 'document.corrects';
}

/**
 * One line of a customer's invoice as issued (docs/invoicing.md#a-document-is-frozen-at-issue):
 * what was sold (the charter or the seats, each extra, a promo code's discount) or what a
 * rectifying invoice changes (a refund, a dearer date, the sale moved to another owner's boat).
 * The names and dates are those at the issue, in the invoice's language; the page, the PDF and
 * the record's description are drawn from them and never from the booking as it is now.
 */
export type InvoiceLine =
  | { kind: 'charter'; boat: string; startsAt: string; hours: number; amountCents: number }
  | { kind: 'seats'; boat: string; startsAt: string; seats: number; amountCents: number }
  | { kind: 'extra'; name: string; quantity: number; amountCents: number }
  | { kind: 'promo'; code: string; amountCents: number }
  | { kind: 'refund'; cause: string; amountCents: number }
  | { kind: 'dateChange'; startsAt: string; amountCents: number }
  | { kind: 'moved'; amountCents: number }
  // The platform's cover of a move to the owner's dearer boat (an invoice to the platform), or its
  // return (negative) when the customer gets everything back.
  | { kind: 'platformCover'; amountCents: number }
  // An invoice issued before its lines were kept (migration 0072): one line for the whole trip.
  | { kind: 'trip'; amountCents: number };

/** Everything a customer's invoice shows beyond its parties and totals, written once at issue. */
export interface InvoiceDocument {
  /** The trip's start when the invoice was issued: the date of the operation it invoices. */
  operationAt: string;
  /** Adding up to the invoice's total. */
  lines: InvoiceLine[];
  /** What a gift voucher paid of the total: a means of payment, not a discount. */
  voucherCents: number;
  /** The platform's name when it issued the invoice in the owner's name; null for its own boats. */
  issuedByPlatform: string | null;
  /** The invoice a rectifying one corrects, or a full one replaces, as it was issued. */
  corrects: { number: string; issuedAt: string } | null;
}

/** What a sale's lines are drawn from: the booking as sold, its names in the invoice's language. */
export interface SaleForLines {
  type: 'private' | 'shared';
  boat: string;
  startsAt: Date;
  endsAt: Date;
  seats: number;
  amountGrossCents: number;
  extras: { name: string; quantity: number; totalCents: number }[];
  promoCode: string | null;
  discountCents: number;
}

/**
 * A sale's lines: the charter or the seats at the trip's price, each extra, and the promo code's
 * discount, adding up to what the booking was sold for (the trip's price is what is left of the
 * total once the extras and the discount are taken out, so the lines always add up).
 */
export function saleLines(sale: SaleForLines): InvoiceLine[] {
  const extrasCents = sale.extras.reduce((sum, e) => sum + e.totalCents, 0);
  const discountCents = sale.promoCode ? sale.discountCents : 0;
  const tripCents = sale.amountGrossCents - extrasCents + discountCents;
  const startsAt = sale.startsAt.toISOString();
  const trip: InvoiceLine =
    sale.type === 'private'
      ? {
          kind: 'charter',
          boat: sale.boat,
          startsAt,
          hours: hoursBetween(sale.startsAt, sale.endsAt),
          amountCents: tripCents,
        }
      : { kind: 'seats', boat: sale.boat, startsAt, seats: sale.seats, amountCents: tripCents };
  return [
    trip,
    ...sale.extras.map((e): InvoiceLine => ({
      kind: 'extra',
      name: e.name,
      quantity: e.quantity,
      amountCents: e.totalCents,
    })),
    ...(sale.promoCode && discountCents > 0
      ? [{ kind: 'promo', code: sale.promoCode, amountCents: -discountCents } as const]
      : []),
  ];
}

/** What the lines add up to: the invoice's total. */
export function linesTotalCents(lines: readonly InvoiceLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/**
 * The service in the AEAT record's description (Spanish, whatever the customer reads), named as
 * the invoice's first line names it: a seat on a shared trip is not the rental of a boat.
 */
export function serviceInSpanish(lines: readonly InvoiceLine[]): string {
  if (lines.some((line) => line.kind === 'platformCover'))
    return 'diferencia de precio por traslado a otra embarcación, cubierta por la plataforma';
  const kind = lines.find((line) => line.kind === 'charter' || line.kind === 'seats')?.kind;
  if (kind === 'charter') return 'alquiler de embarcación';
  if (kind === 'seats') return 'plazas en excursión compartida en barco';
  return 'excursión en barco';
}
