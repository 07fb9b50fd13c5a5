/**
 * Channel reports (docs/back-office.md#channel-reports): per channel, the bookings sold in a Canary
 * month, by the day they were sold or by their trip's day, with their money in figures that
 * compare: the retail price the customers were charged (an agent's or reseller's sale too, not
 * the net the platform received), the channel's commission, the net that reached the platform,
 * the refunds, and the revenue. Revenue is defined once, in the ledger (`revenueCentsSql`,
 * apps/server/src/modules/payments/ledger.ts): what the platform keeps of a booking, received −
 * refunded = retail − commission − refunds; the bookings page's tiles read the same expression.
 */
import type { BookingChannel } from './booking-channel';
import { centsToEuros, eurosToCents } from './money';
import { amountCell, defaultCsvSeparator, neutralizeFormula, toCsv, type CsvSeparator } from './csv';
import type { LanguageCode } from './languages';
import type { ChannelFigures, ChannelReport, ChannelReportRow } from './schemas/channel-report';

/**
 * The report's channels: the booking channels, with the site's requests to book (a customer's
 * request its owner accepted) apart from its instant sales.
 */
export const REPORT_CHANNELS = ['site', 'request', 'reseller', 'agent', 'walk_in', 'operator'] as const;
export type ReportChannel = BookingChannel | 'request';

/** What puts a booking in the month: the day it was sold (`paid_at`) or its trip's start. */
export const REPORT_PERIOD_BASES = ['sale', 'trip'] as const;
export type ReportPeriodBasis = (typeof REPORT_PERIOD_BASES)[number];

/** The sums of the rows, added in cents. */
export function channelReportTotals(rows: readonly ChannelFigures[]): ChannelFigures {
  const sum = (key: 'retail' | 'commission' | 'net' | 'refunds' | 'revenue') =>
    centsToEuros(rows.reduce((cents, row) => cents + eurosToCents(row[key]), 0));
  return {
    bookings: rows.reduce((n, row) => n + row.bookings, 0),
    retail: sum('retail'),
    commission: sum('commission'),
    net: sum('net'),
    refunds: sum('refunds'),
    revenue: sum('revenue'),
  };
}

/** The CSV's column keys; each language names them in its csv.json (`channelReport`). */
export const CHANNEL_REPORT_CSV_COLUMNS = [
  'channel',
  'name',
  'bookings',
  'retail',
  'commission',
  'net',
  'refunds',
  'revenue',
] as const;

/** The texts of the report's CSV in its reader's language (csv.json's `channelReport`). */
export type ChannelReportCsvTexts = {
  columns: Record<(typeof CHANNEL_REPORT_CSV_COLUMNS)[number], string>;
  channel: Record<ReportChannel, string>;
  total: string;
};

export function channelReportFileName(report: Pick<ChannelReport, 'month' | 'by'>): string {
  return `channels_${report.month}_by_${report.by}.csv`;
}

/** A row per channel, then the totals: the figures' columns add up to the total row. */
export function channelReportCsv(
  report: ChannelReport,
  { lang, texts }: { lang: LanguageCode; texts: ChannelReportCsvTexts },
  separator: CsvSeparator = defaultCsvSeparator(lang),
): string {
  const amount = (euros: number) => amountCell(euros, separator);
  const figures = (f: ChannelFigures) => [
    String(f.bookings),
    amount(f.retail),
    amount(f.commission),
    amount(f.net),
    amount(f.refunds),
    amount(f.revenue),
  ];
  const row = (r: ChannelReportRow) => [
    texts.channel[r.channel],
    neutralizeFormula(r.name ?? ''),
    ...figures(r),
  ];
  return toCsv(
    [
      CHANNEL_REPORT_CSV_COLUMNS.map((column) => texts.columns[column]),
      ...report.rows.map(row),
      [texts.total, '', ...figures(report.totals)],
    ],
    separator,
  );
}
