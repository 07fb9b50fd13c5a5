/**
 * Bookings export. RFC 4180 text; the server adds the UTF-8 BOM so spreadsheet programs read
 * accented and Cyrillic names correctly.
 */

import type { InstantInput } from './canary-time';
import {
  canaryDateKey,
  canaryTimeLabel,
  formatCanaryDateTime,
  hoursBetween,
  roundHours,
} from './canary-time';
import type { BookingChannel } from './booking-channel';
import type { ChannelReportCsvTexts } from './channel-report';
import type { BookingStatus } from './booking-status';
import type { KpiBooking } from './bookings-kpi';
import type { LocalizedText } from './schemas/boat';
import type { LanguageCode } from './languages';
import type { ManifestResponse } from './schemas/trips';
import type { PassengerType } from './passengers';
import type { PaymentMethod } from './schemas/operator-booking';
import { bookingMoney, bookingPeople } from './bookings-kpi';
import { bookingReference } from './booking-reference';

/** A field quoted only when it holds the separator, a quote or a line break; quotes doubled. */
function csvField(value: string, sep: string): string {
  const needsQuotes = value.includes(sep) || /["\r\n]/.test(value);
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * How a spreadsheet splits the file: "comma" (fields by ",", decimals with ".") as English
 * spreadsheets read it, or "semicolon" (fields by ";", decimals with ",") as Spanish, Russian,
 * German, French and Italian ones do, where "," is the decimal mark.
 */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** The separator a spreadsheet in the operator's language expects. */
export function defaultCsvSeparator(lang: LanguageCode): CsvSeparator {
  return lang === 'en' ? 'comma' : 'semicolon';
}

const FIELD_SEPARATOR: Record<CsvSeparator, string> = { comma: ',', semicolon: ';' };
const DECIMAL_MARK: Record<CsvSeparator, string> = { comma: '.', semicolon: ',' };

/** Rows to CSV: fields quoted only when needed, quotes doubled, CRLF after every row. */
export function toCsv(rows: readonly (readonly string[])[], separator: CsvSeparator = 'comma'): string {
  const sep = FIELD_SEPARATOR[separator];
  return rows.map((row) => row.map((value) => csvField(value, sep)).join(sep) + '\r\n').join('');
}

/** A plain number (hours, a percentage) with the separator's decimal mark. */
export function decimalCell(n: number, separator: CsvSeparator): string {
  return String(n).replace('.', DECIMAL_MARK[separator]);
}

/** Euros as a spreadsheet number with two decimals and the separator's decimal mark. */
export function amountCell(euros: number, separator: CsvSeparator): string {
  return euros.toFixed(2).replace('.', DECIMAL_MARK[separator]);
}

/**
 * The column keys; each language names them in its csv.json. The spec's eleven first, in its
 * order (docs/product.md §9), then what reconciles the file with the card processor's payouts
 * (the reference printed in the customer's e-mail, the payment id) and the ledger's money, then
 * what an accountant books it by: whose sale it was (the owner's name and tax id), how it was
 * paid, and the customer's invoice, its rectifying invoices and their IGIC where the platform
 * issued one.
 */
export const BOOKINGS_CSV_COLUMNS = [
  'date',
  'time',
  'boat',
  'type',
  'duration',
  'people/seats',
  'status',
  'total (EUR)',
  'customer',
  'email',
  'phone',
  'reference',
  'payment id',
  'received (EUR)',
  'refunded (EUR)',
  'fee (EUR)',
  'owner (EUR)',
  'channel',
  'owner name',
  'owner tax id',
  'payment method',
  'invoice',
  'rectifying invoices',
  'IGIC (EUR)',
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

export function phoneCell(phone: string): string {
  return /^\+?[\d\s\-()]*$/.test(phone) ? phone : neutralizeFormula(phone);
}

/** The crew manifest's column keys (one line per ticket); each language names them in its csv.json. */
export const MANIFEST_CSV_COLUMNS = [
  'boat',
  'type',
  'reference',
  'customer',
  'phone',
  'email',
  'adults',
  'children 6-12',
  'children under 6',
  'ticket',
  'seat',
  'passenger type',
  'boarded at',
  'boarded by',
] as const;

/**
 * An owner's monthly statement's column keys (earnings-statement.ts); each language names them in
 * its csv.json, with the words of its cells (`statement`).
 */
export const STATEMENT_CSV_COLUMNS = [
  'tripDate',
  'time',
  'reference',
  'customer',
  'invoice',
  'line',
  'seller',
  'channelCommission',
  'gross',
  'platformCover',
  'coverInvoice',
  'refunds',
  'net',
  'commission',
  'fee',
  'igic',
  'commissionInvoice',
  'agentCommission',
  'share',
  'payout',
  'payoutDate',
  'transferId',
] as const;

/**
 * The spreadsheets in their reader's language: headers, statuses, trip and passenger types.
 * The texts live with the site's other translations (`apps/web/public/locales/{lang}/csv.json`);
 * the server reads them and hands them in.
 */
export type CsvTexts = {
  columns: Record<(typeof BOOKINGS_CSV_COLUMNS)[number], string>;
  manifest: Record<(typeof MANIFEST_CSV_COLUMNS)[number], string>;
  status: Record<BookingStatus, string>;
  /** Who sold a booking (a reseller's or agent's name follows it). */
  channel: Record<BookingChannel, string>;
  type: Record<'private' | 'shared', string>;
  passenger: Record<PassengerType, string>;
  method: Record<PaymentMethod, string>;
  /** The channel report (channel-report.ts). */
  channelReport: ChannelReportCsvTexts;
  /** A reseller's monthly statement (reseller-statement.ts). */
  resellerStatement: {
    columns: Record<
      | 'date'
      | 'kind'
      | 'reference'
      | 'resellerReference'
      | 'boat'
      | 'tripDate'
      | 'retail'
      | 'commission'
      | 'amount'
      | 'note',
      string
    >;
    kind: Record<'sale' | 'cancellation' | 'settlement', string>;
    opening: string;
    total: string;
    closing: string;
    /** A row naming one of the platform's invoices to the reseller for the month. */
    invoice: string;
  };
  statement: {
    columns: Record<(typeof STATEMENT_CSV_COLUMNS)[number], string>;
    trip: string;
    adjustment: string;
    /** A commission's IGIC line. */
    commissionIgic: string;
    /** A security deposit kept for damage (docs/payments.md#the-security-deposit). */
    deposit: string;
    inPayout: string;
    inBalance: string;
    /** The invoice cell of a booking the platform did not invoice. */
    notInvoiced: string;
    total: string;
  };
};

/** A spreadsheet's language: its code (for boat titles and dates) and its texts. */
export type CsvLanguage = { lang: LanguageCode; texts: CsvTexts };

export interface CsvBooking extends KpiBooking {
  providerPaymentId?: string | null;
  start: InstantInput;
  end: InstantInput;
  boat?: string | { _id?: string; title?: string; titleI18n?: LocalizedText } | null;
  customer?: { name?: string | null; email?: string | null; phone?: string | null } | null;
  channel?: { kind: BookingChannel; name: string | null };
  /** Whose sale it was: the boat's owner (the platform's own name and tax id for its boats). */
  owner?: { name: string; taxId: string } | null;
  /** How the money received came in (a voucher and a card for one booking: both). */
  paymentMethods?: readonly PaymentMethod[];
  /**
   * The customer's invoice standing for the booking (an F3 once it replaced the simplified one),
   * the numbers of the rectifying invoices issued on it (refunds, a dearer move), and the IGIC of
   * them all, in euros; null: the platform issued none.
   */
  invoice?: { number: string; rectifying?: readonly string[]; igic: number } | null;
}

/** One row per booking in BOOKINGS_CSV_COLUMNS order; date and time in Canary time. */
export function bookingCsvRow(
  b: CsvBooking,
  { lang, texts }: CsvLanguage,
  separator: CsvSeparator = 'comma',
): string[] {
  const boat =
    typeof b.boat === 'string' ? b.boat : b.boat?.titleI18n?.[lang] || b.boat?.title || b.boat?._id || '';
  const money = bookingMoney(b);
  const amount = (euros: number) => amountCell(euros, separator);
  return [
    canaryDateKey(b.start),
    canaryTimeLabel(b.start),
    neutralizeFormula(boat),
    b.type ? texts.type[b.type] : '',
    decimalCell(roundHours(hoursBetween(b.start, b.end)), separator),
    String(bookingPeople(b)),
    b.status ? texts.status[b.status] : '',
    amount(b.amountGross ?? b.payment?.total ?? 0),
    neutralizeFormula(b.customer?.name ?? ''),
    neutralizeFormula(b.customer?.email ?? ''),
    phoneCell(b.customer?.phone ?? ''),
    b._id ? bookingReference(b._id) : '',
    neutralizeFormula(b.providerPaymentId ?? ''),
    // The same figures as the back office: the money the ledger received and refunded (an
    // unpaid booking has received 0.00, never the owner's share), and the split of what was
    // kept: fee + owner = received − refunded.
    amount(money.received),
    amount(money.refunded),
    amount(money.fee),
    amount(money.owner),
    b.channel ? neutralizeFormula(channelLabel(b.channel, texts)) : '',
    neutralizeFormula(b.owner?.name ?? ''),
    neutralizeFormula(b.owner?.taxId ?? ''),
    (b.paymentMethods ?? []).map((method) => texts.method[method]).join(' + '),
    neutralizeFormula(b.invoice?.number ?? ''),
    neutralizeFormula((b.invoice?.rectifying ?? []).join(' + ')),
    b.invoice ? amount(b.invoice.igic) : '',
  ];
}

/** "Agent · Hotel Mar desk": the channel in the reader's language, with the seller's name. */
export function channelLabel(
  channel: { kind: BookingChannel; name: string | null },
  texts: Pick<CsvTexts, 'channel'>,
): string {
  return channel.name ? `${texts.channel[channel.kind]} · ${channel.name}` : texts.channel[channel.kind];
}

/** The header row in the operator's language, as CSV text. */
export function bookingsCsvHeader(language: CsvLanguage, separator: CsvSeparator): string {
  return toCsv([BOOKINGS_CSV_COLUMNS.map((column) => language.texts.columns[column])], separator);
}

/**
 * The crew's manifest in the operator's language: one line per ticket (a booking without
 * tickets gets one line), with the boat's title in that language and boarding in Canary time.
 */
export function manifestCsv(manifest: ManifestResponse, { lang, texts }: CsvLanguage): string {
  const { trip } = manifest;
  const boat = neutralizeFormula(trip.boatTitleI18n[lang] || trip.boatTitle);
  const rows: string[][] = [];
  for (const b of manifest.bookings) {
    const lines = b.tickets.length > 0 ? b.tickets : [undefined];
    for (const t of lines) {
      rows.push([
        boat,
        texts.type[trip.type],
        neutralizeFormula(b.ref),
        neutralizeFormula(b.customerName),
        phoneCell(b.customerPhone),
        neutralizeFormula(b.customerEmail),
        String(b.adults),
        String(b.children50),
        String(b.kidsFree),
        t?.code ?? '',
        t ? String(t.seatNo) : '',
        t ? texts.passenger[t.passengerType] : '',
        t?.checkedInAt ? formatCanaryDateTime(t.checkedInAt, lang) : '',
        neutralizeFormula(t?.checkedInBy ?? ''),
      ]);
    }
  }
  const header = MANIFEST_CSV_COLUMNS.map((column) => texts.manifest[column]);
  return toCsv([header, ...rows]);
}
