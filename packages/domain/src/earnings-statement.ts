/**
 * An owner's monthly statement (docs/payments.md#from-a-card-to-an-owners-bank): the earning lines
 * of a month (by the Canary day each was earned), their totals to the cent, and the same as a CSV
 * in the owner's language for a spreadsheet. Lines come from GET /api/owner/earnings, so the file
 * and the screen add up the same figures.
 */
import { bookingReference } from './booking-reference';
import { canaryDateKey, canaryTimeLabel } from './canary-time';
import {
  amountCell,
  decimalCell,
  defaultCsvSeparator,
  neutralizeFormula,
  toCsv,
  type CsvSeparator,
} from './csv';
import type { LanguageCode } from './languages';
import { centsToEuros, eurosToCents } from './money';
import type { EarningLine } from './schemas/payouts';

/** 'YYYY-MM' of the Canary day the line was earned. */
export function statementMonth(line: Pick<EarningLine, 'earnedAt'>): string {
  return canaryDateKey(line.earnedAt).slice(0, 7);
}

/** The months that have lines, newest first. */
export function statementMonths(lines: readonly EarningLine[]): string[] {
  return [...new Set(lines.map(statementMonth))].sort().reverse();
}

/** The month's lines, oldest trip first. */
export function monthLines(lines: readonly EarningLine[], month: string): EarningLine[] {
  return lines
    .filter((line) => statementMonth(line) === month)
    .sort((a, b) => Date.parse(a.tripStartsAt) - Date.parse(b.tripStartsAt));
}

/** Net paid, platform fee and the owner's share over `lines`, summed in cents. */
export function statementTotals(lines: readonly EarningLine[]): { net: number; fee: number; share: number } {
  const sum = (pick: (line: EarningLine) => number) =>
    centsToEuros(lines.reduce((cents, line) => cents + eurosToCents(pick(line)), 0));
  return { net: sum((l) => l.net), fee: sum((l) => l.fee), share: sum((l) => l.share) };
}

const COLUMNS = [
  'tripDate',
  'time',
  'reference',
  'customer',
  'line',
  'net',
  'commission',
  'fee',
  'share',
  'payout',
] as const;

type StatementTexts = Record<(typeof COLUMNS)[number], string> & {
  trip: string;
  adjustment: string;
  inPayout: string;
  inBalance: string;
  total: string;
};

/** The statement's words in each language the back office speaks. */
const TEXTS: Record<LanguageCode, StatementTexts> = {
  en: {
    tripDate: 'trip date',
    time: 'time',
    reference: 'reference',
    customer: 'customer',
    line: 'line',
    net: 'net paid (EUR)',
    commission: 'commission (%)',
    fee: 'platform fee (EUR)',
    share: 'your share (EUR)',
    payout: 'payout',
    trip: 'trip',
    adjustment: 'refund after the trip',
    inPayout: 'in a payout',
    inBalance: 'in the balance',
    total: 'total',
  },
  es: {
    tripDate: 'fecha de la salida',
    time: 'hora',
    reference: 'referencia',
    customer: 'cliente',
    line: 'concepto',
    net: 'pagado neto (EUR)',
    commission: 'comisión (%)',
    fee: 'comisión de la plataforma (EUR)',
    share: 'tu parte (EUR)',
    payout: 'pago',
    trip: 'salida',
    adjustment: 'reembolso después de la salida',
    inPayout: 'en un pago',
    inBalance: 'en el saldo',
    total: 'total',
  },
  ru: {
    tripDate: 'дата рейса',
    time: 'время',
    reference: 'номер',
    customer: 'клиент',
    line: 'статья',
    net: 'оплачено нетто (EUR)',
    commission: 'комиссия (%)',
    fee: 'комиссия платформы (EUR)',
    share: 'ваша доля (EUR)',
    payout: 'выплата',
    trip: 'рейс',
    adjustment: 'возврат после рейса',
    inPayout: 'в выплате',
    inBalance: 'на балансе',
    total: 'итого',
  },
  de: {
    tripDate: 'Datum der Fahrt',
    time: 'Uhrzeit',
    reference: 'Buchungsnummer',
    customer: 'Kunde',
    line: 'Posten',
    net: 'netto bezahlt (EUR)',
    commission: 'Provision (%)',
    fee: 'Plattformprovision (EUR)',
    share: 'Ihr Anteil (EUR)',
    payout: 'Auszahlung',
    trip: 'Fahrt',
    adjustment: 'Erstattung nach der Fahrt',
    inPayout: 'in einer Auszahlung',
    inBalance: 'im Guthaben',
    total: 'Summe',
  },
  fr: {
    tripDate: 'date de la sortie',
    time: 'heure',
    reference: 'référence',
    customer: 'client',
    line: 'ligne',
    net: 'payé net (EUR)',
    commission: 'commission (%)',
    fee: 'commission de la plateforme (EUR)',
    share: 'votre part (EUR)',
    payout: 'virement',
    trip: 'sortie',
    adjustment: 'remboursement après la sortie',
    inPayout: 'dans un virement',
    inBalance: 'dans le solde',
    total: 'total',
  },
  it: {
    tripDate: 'data dell’uscita',
    time: 'ora',
    reference: 'riferimento',
    customer: 'cliente',
    line: 'voce',
    net: 'pagato netto (EUR)',
    commission: 'commissione (%)',
    fee: 'commissione della piattaforma (EUR)',
    share: 'la tua parte (EUR)',
    payout: 'pagamento',
    trip: 'uscita',
    adjustment: 'rimborso dopo l’uscita',
    inPayout: 'in un pagamento',
    inBalance: 'nel saldo',
    total: 'totale',
  },
};

/** statement_{YYYY-MM}.csv */
export function statementFileName(month: string): string {
  return `statement_${month}.csv`;
}

/** The month's statement: a row per line, oldest trip first, then the totals. */
export function earningsStatementCsv(
  lines: readonly EarningLine[],
  month: string,
  lang: LanguageCode = 'en',
  separator: CsvSeparator = defaultCsvSeparator(lang),
): string {
  const texts = TEXTS[lang];
  const amount = (euros: number) => amountCell(euros, separator);
  const rows = monthLines(lines, month).map((line) => [
    canaryDateKey(line.tripStartsAt),
    canaryTimeLabel(line.tripStartsAt),
    bookingReference(line.bookingId),
    neutralizeFormula(line.customerName),
    line.kind === 'trip' ? texts.trip : texts.adjustment,
    amount(line.net),
    decimalCell(line.commissionPercent, separator),
    amount(line.fee),
    amount(line.share),
    line.payoutId ? texts.inPayout : texts.inBalance,
  ]);
  const totals = statementTotals(monthLines(lines, month));
  const total = [
    texts.total,
    '',
    '',
    '',
    '',
    amount(totals.net),
    '',
    amount(totals.fee),
    amount(totals.share),
    '',
  ];
  return toCsv([COLUMNS.map((column) => texts[column]), ...rows, total], separator);
}
