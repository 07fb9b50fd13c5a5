/**
 * An owner's monthly statement (docs/payments.md#the-owners-statement): the earning lines of a
 * month (by the Canary day each was earned), each with its gross, refunds, net, platform fee and
 * owner's share, their totals to the cent, and the same as a CSV in the owner's language for a
 * spreadsheet. Lines come from GET /api/owner/earnings?month= (every line of the month, however
 * long the history), so the file and the screen add up the same figures.
 */
import { bookingReference } from './booking-reference';
import { canaryDateKey, canaryTimeLabel } from './canary-time';
import {
  amountCell,
  channelLabel,
  decimalCell,
  defaultCsvSeparator,
  neutralizeFormula,
  STATEMENT_CSV_COLUMNS,
  toCsv,
  type CsvSeparator,
  type CsvTexts,
} from './csv';
import type { LanguageCode } from './languages';
import { centsToEuros, eurosToCents } from './money';
import type { EarningLine } from './schemas/payouts';

/** 'YYYY-MM' of the Canary day the line was earned. */
export function statementMonth(line: Pick<EarningLine, 'earnedAt'>): string {
  return canaryDateKey(line.earnedAt).slice(0, 7);
}

/**
 * The day a line is listed at: its trip's start, or for a commission's IGIC line the day its
 * document was issued (when the IGIC was withheld).
 */
export function lineDate(line: Pick<EarningLine, 'tripStartsAt' | 'earnedAt'>): string {
  return line.tripStartsAt ?? line.earnedAt;
}

/** The month's lines, oldest trip first. */
export function monthLines(lines: readonly EarningLine[], month: string): EarningLine[] {
  return lines
    .filter((line) => statementMonth(line) === month)
    .sort((a, b) => Date.parse(lineDate(a)) - Date.parse(lineDate(b)));
}

type StatementTotals = Pick<
  EarningLine,
  | 'channelCommission'
  | 'agentCommissionInvoiced'
  | 'gross'
  | 'platformCover'
  | 'refunds'
  | 'net'
  | 'fee'
  | 'igic'
  | 'share'
>;

/**
 * The channels' commission, gross, refunds, net, platform fee, the commission's IGIC and the owner's share over `lines`,
 * summed in cents: as on every line, gross − refunds = net and fee + igic + share = net.
 */
export function statementTotals(lines: readonly EarningLine[]): StatementTotals {
  const sum = (pick: (line: EarningLine) => number) =>
    centsToEuros(lines.reduce((cents, line) => cents + eurosToCents(pick(line)), 0));
  return {
    channelCommission: sum((l) => l.channelCommission),
    agentCommissionInvoiced: sum((l) => l.agentCommissionInvoiced),
    gross: sum((l) => l.gross),
    platformCover: sum((l) => l.platformCover),
    refunds: sum((l) => l.refunds),
    net: sum((l) => l.net),
    fee: sum((l) => l.fee),
    igic: sum((l) => l.igic),
    share: sum((l) => l.share),
  };
}

/** statement_{YYYY-MM}.csv */
export function statementFileName(month: string): string {
  return `statement_${month}.csv`;
}

/**
 * The month's statement in its reader's language (csv.json's `statement`): a row per line,
 * oldest trip first, then the totals.
 */
export function earningsStatementCsv(
  lines: readonly EarningLine[],
  month: string,
  {
    lang,
    texts: { statement: texts, ...labels },
  }: { lang: LanguageCode; texts: Pick<CsvTexts, 'statement' | 'channel'> },
  separator: CsvSeparator = defaultCsvSeparator(lang),
): string {
  const amount = (euros: number) => amountCell(euros, separator);
  const shown = monthLines(lines, month);
  const rows = shown.map((line) => [
    canaryDateKey(lineDate(line)),
    line.tripStartsAt ? canaryTimeLabel(line.tripStartsAt) : '',
    line.bookingId ? bookingReference(line.bookingId) : '',
    neutralizeFormula(line.customerName ?? ''),
    line.invoice ?? texts.notInvoiced,
    {
      trip: texts.trip,
      adjustment: texts.adjustment,
      commission_igic: texts.commissionIgic,
      deposit: texts.deposit,
    }[line.kind],
    line.channel
      ? neutralizeFormula(channelLabel({ kind: line.channel, name: line.channelName }, labels))
      : '',
    amount(line.channelCommission),
    amount(line.gross),
    amount(line.platformCover),
    line.coverInvoice ?? '',
    amount(line.refunds),
    amount(line.net),
    line.kind === 'commission_igic' ? '' : decimalCell(line.commissionPercent, separator),
    amount(line.fee),
    amount(line.igic),
    line.commissionInvoice ?? '',
    amount(line.agentCommissionInvoiced),
    amount(line.share),
    line.payoutId ? texts.inPayout : texts.inBalance,
    // Which transfer the share went out in, to match the bank statement line by line.
    line.payoutAt ? canaryDateKey(line.payoutAt) : '',
    neutralizeFormula(line.transferId ?? ''),
  ]);
  const totals = statementTotals(shown);
  const total = [
    texts.total,
    '',
    '',
    '',
    '',
    '',
    '',
    amount(totals.channelCommission),
    amount(totals.gross),
    amount(totals.platformCover),
    '',
    amount(totals.refunds),
    amount(totals.net),
    '',
    amount(totals.fee),
    amount(totals.igic),
    '',
    amount(totals.agentCommissionInvoiced),
    amount(totals.share),
    '',
    '',
    '',
  ];
  return toCsv([STATEMENT_CSV_COLUMNS.map((column) => texts.columns[column]), ...rows, total], separator);
}
