/**
 * The platform's invoices to a reseller (docs/invoicing.md#resellers-invoices): resellers buy seats
 * at the net price and resell them (the merchant model, decision 27), so each issuer invoices the
 * reseller once a month, a summary full invoice (F1) of the month's sales less what was refunded
 * of them in the month, and rectifies it (R1) for a refund recorded later. Pure rules: which
 * bookings a month invoices, the series, the tax id a reseller's invoice may name.
 */
import { normalizeTaxId } from './spanish-tax-id';
import { isEuCountry, recipientTaxId } from './eu-vat';

/**
 * The series a reseller's invoices are numbered in, apart from the customers' (S, F, RC) and the
 * platform's commission series: V for the month's invoice, RV for its rectifying ones.
 */
export function resellerSeriesLetter(type: 'F1' | 'R1'): 'V' | 'RV' {
  return type === 'F1' ? 'V' : 'RV';
}

/** The counter of an issuer's reseller series in a year (invoice_counters). */
export function resellerSeriesKey(issuerNif: string, type: 'F1' | 'R1', year: number): string {
  return `C:${issuerNif}:${resellerSeriesLetter(type)}-${String(year)}`;
}

/** `V2027-000001`: the letter, the year and the number, unique within the issuer's documents. */
export function resellerInvoiceNumber(type: 'F1' | 'R1', year: number, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('invoice numbers start at 1');
  return `${resellerSeriesLetter(type)}${String(year)}-${String(n).padStart(6, '0')}`;
}

/** A sale of the month as the month's invoice reads it: its net and what went back in the month. */
export type MonthSale = { bookingId: string; netCents: number; refundedInMonthCents: number };

/**
 * The lines of a month's invoice: each sale at its net less what was refunded of it within the
 * month; a sale refunded in full in the month is not invoiced.
 */
export function monthInvoiceLines<T extends MonthSale>(sales: readonly T[]): (T & { amountCents: number })[] {
  return sales
    .map((s) => ({ ...s, amountCents: s.netCents - s.refundedInMonthCents }))
    .filter((s) => s.amountCents > 0);
}

/** A reseller's billing details: whom its invoices name. */
export type ResellerBilling = { legalName: string; taxId: string; country: string; address: string };

/** The billing fields a reseller still lacks (its month's invoices wait until none is missing). */
export function missingBilling(billing: ResellerBilling): (keyof ResellerBilling)[] {
  const missing: (keyof ResellerBilling)[] = [];
  if (billing.legalName.trim().length < 2) missing.push('legalName');
  const countryKnown = /^[A-Z]{2}$/.test(billing.country);
  if (!billing.taxId || (countryKnown && !isResellerTaxId(billing.taxId, billing.country)))
    missing.push('taxId');
  if (!countryKnown) missing.push('country');
  if (billing.address.trim().length < 5) missing.push('address');
  return missing;
}

/**
 * Whether a tax id fits the reseller's country: a Spanish NIF, NIE or CIF with its check character
 * in Spain; that country's VAT number (its prefix included) elsewhere in the EU; any other
 * country's id as letters and digits (2–20), which the AEAT's records carry as that country's.
 */
export function isResellerTaxId(raw: string, country: string): boolean {
  const id = recipientTaxId(raw);
  if (country === 'ES') return id?.kind === 'es';
  if (isEuCountry(country)) return id?.kind === 'eu' && id.country === country;
  return /^[A-Z0-9]{2,20}$/.test(normalizeTaxId(raw));
}
