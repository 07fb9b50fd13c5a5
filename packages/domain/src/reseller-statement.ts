/**
 * A reseller's monthly statement as a CSV in its reader's language (docs/channels.md#statements):
 * the balance brought forward, a row per sale, cancellation and settlement of the month, the
 * month's totals and the balance carried forward, then a row per invoice the platform issued to
 * the reseller for the month (its number, issuer and total). Built from GET
 * /api/admin/resellers/{id}/statement, so the file and the screen add up the same figures.
 */
import { canaryDateKey } from './canary-time';
import {
  amountCell,
  defaultCsvSeparator,
  neutralizeFormula,
  toCsv,
  type CsvSeparator,
  type CsvTexts,
} from './csv';
import type { LanguageCode } from './languages';
import type { ResellerStatement } from './schemas/resellers';

/** The statement's column keys; each language names them in its csv.json (`resellerStatement`). */
export const RESELLER_STATEMENT_CSV_COLUMNS = [
  'date',
  'kind',
  'reference',
  'resellerReference',
  'boat',
  'tripDate',
  'retail',
  'commission',
  'amount',
  'note',
] as const;

export function resellerStatementFileName(month: string): string {
  return `reseller_statement_${month}.csv`;
}

export function resellerStatementCsv(
  statement: ResellerStatement,
  {
    lang,
    texts: { resellerStatement: texts },
  }: { lang: LanguageCode; texts: Pick<CsvTexts, 'resellerStatement'> },
  separator: CsvSeparator = defaultCsvSeparator(lang),
): string {
  const amount = (euros: number) => amountCell(euros, separator);
  const { totals } = statement;
  const blank = (n: number) => Array.from({ length: n }, () => '');
  const rows = statement.lines.map((line) => [
    line.receivedOn ?? canaryDateKey(line.at),
    texts.kind[line.kind],
    line.reference ?? '',
    neutralizeFormula(line.resellerReference ?? ''),
    neutralizeFormula(line.boat ?? ''),
    line.tripStartsAt ? canaryDateKey(line.tripStartsAt) : '',
    line.kind === 'sale' ? amount(line.retail) : '',
    line.kind === 'sale' ? amount(line.commission) : '',
    amount(line.amount),
    neutralizeFormula(line.note ?? ''),
  ]);
  return toCsv(
    [
      RESELLER_STATEMENT_CSV_COLUMNS.map((column) => texts.columns[column]),
      [texts.opening, ...blank(7), amount(totals.opening), ''],
      ...rows,
      [
        texts.total,
        ...blank(5),
        amount(totals.retail),
        amount(totals.commission),
        amount(totals.onAccount - totals.settled),
        '',
      ],
      [texts.closing, ...blank(7), amount(totals.closing), ''],
      ...statement.invoices.map((invoice) => [
        texts.invoice,
        '',
        invoice.number,
        '',
        neutralizeFormula(invoice.issuer.name),
        ...blank(3),
        amount(invoice.total),
        invoice.corrects ?? '',
      ]),
    ],
    separator,
  );
}
