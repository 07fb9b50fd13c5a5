/**
 * The day a reseller's or an agent's settlement was received (docs/channels.md#settlement-dates):
 * the accountant records money that came in last Friday, and it counts in the month it came in.
 * A Canary date key; today when not given; never after today, nor before the account existed.
 */
import { canaryDateKey } from './canary-time';

export type SettlementDateProblem = 'received_in_future' | 'received_before_account';

/** The day to record: the one typed, or today in the Canaries. */
export function settlementReceivedOn(typed: string | undefined, now: Date): string {
  return typed ?? canaryDateKey(now);
}

/** What is wrong with a day of receipt, or null: date keys compare as text. */
export function settlementDateProblem(
  receivedOn: string,
  { now, accountCreatedAt }: { now: Date; accountCreatedAt: Date },
): SettlementDateProblem | null {
  if (receivedOn > canaryDateKey(now)) return 'received_in_future';
  if (receivedOn < canaryDateKey(accountCreatedAt)) return 'received_before_account';
  return null;
}

/** The first day of a Canary month 'YYYY-MM' and the first day of the next, as date keys. */
export function monthDateKeys(month: string): { first: string; next: string } {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  const nextYear = monthNo === 12 ? year + 1 : year;
  const nextMonth = monthNo === 12 ? 1 : monthNo + 1;
  return { first: `${month}-01`, next: `${nextYear}-${String(nextMonth).padStart(2, '0')}-01` };
}
