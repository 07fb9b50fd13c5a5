/**
 * Money is integer euro cents inside the system; euros (at most 2 decimals) only on the wire
 * and on screen. Convert at the edges with these functions and nowhere else.
 */

import { intlLocale, type LanguageCode } from './languages';

export const CURRENCY = 'EUR';

/** Euros from the wire to cents. Math.round absorbs binary noise such as 0.29 * 100 = 28.999…. */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`Not an amount of euros: ${String(euros)}`);
  const cents = Math.round(euros * 100);
  return cents === 0 ? 0 : cents; // no -0
}

/** Euros as typed in a field, "12", "12.5", "12,50", " 120 € ", to cents; NaN for anything else. */
export function typedEurosToCents(text: string): number {
  const normal = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return Number.NaN;
  return eurosToCents(Number(normal));
}

/** An amount of euros (or a percent) with at most two decimals, binary noise aside: 12.5, 0.29. */
export function hasWholeCents(euros: number): boolean {
  return Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;
}

export function centsToEuros(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${String(cents)}`);
  const euros = Math.round(cents) / 100;
  return euros === 0 ? 0 : euros;
}

const formatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(locale: string, decimals: boolean): Intl.NumberFormat {
  const key = `${locale}|${decimals ? '2' : '0'}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCY,
      minimumFractionDigits: decimals ? 2 : 0,
      maximumFractionDigits: decimals ? 2 : 0,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * EUR in the reader's conventions: '€1,234.50' (en), '1234,50 €' (es), '1 234,50 €' (ru, fr),
 * '1.234,50 €' (de).
 * With decimals: false the amount is rounded to whole euros for display only.
 */
export function formatMoney(cents: number, locale: LanguageCode, opts: { decimals?: boolean } = {}): string {
  return moneyFormatter(intlLocale(locale), opts.decimals ?? true).format(centsToEuros(cents));
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A plain number in the reader's conventions: 2.5 (en), 2,5 (es, ru); at most 2 decimals. */
export function formatNumber(n: number, locale: LanguageCode): string {
  let f = numberFormatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 });
    numberFormatters.set(locale, f);
  }
  return f.format(n);
}

/**
 * Euros from the wire in the reader's conventions, to the cent ('€100.50', '100,50 €'): the one
 * way the back office writes an amount, so a refund of 100,50 € reads the same in the list,
 * the details, the ledger and the history.
 */
export function formatEuros(euros: number, locale: LanguageCode): string {
  return formatMoney(eurosToCents(euros), locale);
}
