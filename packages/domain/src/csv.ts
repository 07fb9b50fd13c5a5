/**
 * Bookings export. RFC 4180 text; the server adds the UTF-8 BOM so spreadsheet programs read
 * accented and Cyrillic names correctly.
 */

import type { InstantInput } from './canary-time';
import { canaryDateKey, canaryTimeLabel, hoursBetween, roundHours } from './canary-time';
import type { KpiBooking } from './bookings-kpi';
import { bookingMoney, bookingPeople } from './bookings-kpi';

const NEEDS_QUOTES = /[",\r\n]/;

function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows to CSV: fields quoted only when needed, quotes doubled, CRLF after every row. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

export const BOOKINGS_CSV_COLUMNS = [
  'date',
  'time',
  'boat',
  'type',
  'duration',
  'people/seats',
  'status',
  'price (EUR)',
  'received (EUR)',
  'refunded (EUR)',
  'customer',
  'email',
  'phone',
] as const;

/** bookings_{YYYY-MM-DD}.csv, dated by the Canary day of `date` (or the day key itself). */
export function bookingsCsvFileName(date: InstantInput): string {
  const key = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : canaryDateKey(date);
  return `bookings_${key}.csv`;
}

/**
 * A spreadsheet would run text starting with = + - @ as a formula; a leading apostrophe keeps
 * it text. Phone numbers are left alone when they are only phone characters, since "+34 600…"
 * is not a formula risk worth mangling the number for.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function phoneCell(phone: string): string {
  return /^\+?[\d\s\-()]*$/.test(phone) ? phone : neutralizeFormula(phone);
}

export interface CsvBooking extends KpiBooking {
  start: InstantInput;
  end: InstantInput;
  boat?: string | { _id?: string; title?: string } | null;
  customer?: { name?: string | null; email?: string | null; phone?: string | null } | null;
}

/** One row per booking in BOOKINGS_CSV_COLUMNS order; date and time in Canary time. */
export function bookingCsvRow(b: CsvBooking): string[] {
  const boat = typeof b.boat === 'string' ? b.boat : (b.boat?.title ?? b.boat?._id ?? '');
  const money = bookingMoney(b);
  return [
    canaryDateKey(b.start),
    canaryTimeLabel(b.start),
    neutralizeFormula(boat),
    b.type ?? '',
    String(roundHours(hoursBetween(b.start, b.end))),
    String(bookingPeople(b)),
    b.status ?? '',
    // The same figures as the back office: the price, then the money the ledger received and
    // refunded (an unpaid booking has received 0.00, never the owner's share).
    (b.amountGross ?? b.payment?.total ?? 0).toFixed(2),
    money.received.toFixed(2),
    money.refunded.toFixed(2),
    neutralizeFormula(b.customer?.name ?? ''),
    neutralizeFormula(b.customer?.email ?? ''),
    phoneCell(b.customer?.phone ?? ''),
  ];
}

/** Header plus one row per booking, ready for toCsv. */
export function bookingsCsv(bookings: readonly CsvBooking[]): string {
  return toCsv([[...BOOKINGS_CSV_COLUMNS], ...bookings.map(bookingCsvRow)]);
}
