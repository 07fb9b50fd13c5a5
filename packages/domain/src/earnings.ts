/**
 * An owner's earnings from a booking (docs/payments.md#from-a-card-to-an-owners-bank): the net
 * the ledger says the booking kept, split at the commission rate it was sold at, rounded once per
 * booking. A booking earns in lines: the first when its trip is completed, then one per change of
 * its net afterwards (a goodwill refund, a dispute: a negative line). Each new line is the
 * booking's split now minus what its lines already say, so the lines of a booking always add up
 * to one split of its net: fee + owner share = net received, exactly, however many lines.
 */
import { splitAtBps } from './fee-split';

/** Days after a trip before its earnings are payable, unless PAYOUT_DELAY_DAYS says otherwise. */
export const DEFAULT_PAYOUT_DELAY_DAYS = 3;

export interface EarningAmounts {
  netCents: number;
  feeCents: number;
  ownerCents: number;
}

/** The split of a booking's net at its rate; a net at or below 0 splits into nothing. */
export function bookingEarning(netCents: number, commissionBps: number): EarningAmounts {
  const net = Math.max(0, netCents);
  const { feeCents, ownerCents } = splitAtBps(net, commissionBps);
  return { netCents: net, feeCents, ownerCents };
}

/**
 * The line that brings a booking's lines (`earned`, their sums) to its split now; null when they
 * already say it.
 */
export function nextEarningLine(
  now: { netCents: number; commissionBps: number },
  earned: EarningAmounts,
): EarningAmounts | null {
  const target = bookingEarning(now.netCents, now.commissionBps);
  const line = {
    netCents: target.netCents - earned.netCents,
    feeCents: target.feeCents - earned.feeCents,
    ownerCents: target.ownerCents - earned.ownerCents,
  };
  return line.netCents === 0 && line.feeCents === 0 && line.ownerCents === 0 ? null : line;
}

export type PayoutSkip = 'suspended' | 'on_hold' | 'details_changed' | 'below_minimum' | 'platform';

/**
 * Until when an owner's payouts wait after their payout details were given or changed
 * (PAYOUT_HOLD_AFTER_CHANGE_HOURS): null once that is past, or when they never changed.
 */
export function payoutDetailsHoldUntil(changedAt: Date | null, holdHours: number, now: Date): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + holdHours * 3_600_000);
  return until.getTime() > now.getTime() ? until : null;
}

/**
 * Whether an owner is paid at a run: the sum of their payable lines not yet in a payout (negative
 * lines net against positive ones), unless they are suspended, on hold, just changed their payout
 * details, or are the platform itself, or
 * the sum is below the minimum (a negative sum is carried to the next run the same way).
 */
export function payoutDecision(input: {
  balanceCents: number;
  minimumCents: number;
  suspended: boolean;
  onHold: boolean;
  /** The payout details changed less than PAYOUT_HOLD_AFTER_CHANGE_HOURS ago. */
  detailsJustChanged?: boolean;
  isPlatform: boolean;
}): { pay: true; amountCents: number } | { pay: false; skip: PayoutSkip } {
  if (input.isPlatform) return { pay: false, skip: 'platform' };
  if (input.suspended) return { pay: false, skip: 'suspended' };
  if (input.onHold) return { pay: false, skip: 'on_hold' };
  if (input.detailsJustChanged) return { pay: false, skip: 'details_changed' };
  if (input.balanceCents <= 0 || input.balanceCents < input.minimumCents) {
    return { pay: false, skip: 'below_minimum' };
  }
  return { pay: true, amountCents: input.balanceCents };
}
