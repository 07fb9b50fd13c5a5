/**
 * A goodwill refund (docs/payments.md#goodwill-refunds): part of what a customer paid given back
 * on a booking that sails or sailed (a late start, missing snorkel gear), with a reason the
 * customer reads. The booking keeps its status, its seats and its tickets. On a trip still ahead
 * it is always part: refunding all of it is a cancellation, which the cancel action does.
 */
import { isRevenueStatus, isUpcomingStatus } from './booking-status';

export const GOODWILL_CAUSE = 'goodwill';

/** Paid, confirmed or completed: a booking whose trip sails (or sailed) with money on it. */
export function mayRefundAsGoodwill(status: string): boolean {
  return isRevenueStatus(status);
}

/**
 * The most a goodwill refund may give back, in cents: on a trip still ahead one cent less than
 * what the booking holds (all of it is a cancellation), after the trip all of it.
 */
export function goodwillMaxCents(status: string, refundableCents: number): number {
  if (refundableCents <= 0) return 0;
  return isUpcomingStatus(status) ? refundableCents - 1 : refundableCents;
}

export type GoodwillVerdict =
  { ok: true } | { ok: false; reason: 'not_sailing' | 'nothing_kept' | 'is_cancellation'; maxCents: number };

/** Whether a goodwill refund of `amountCents` may be made now (checked under the booking's lock). */
export function goodwillVerdict(
  status: string,
  amountCents: number,
  refundableCents: number,
): GoodwillVerdict {
  const maxCents = goodwillMaxCents(status, refundableCents);
  if (!mayRefundAsGoodwill(status)) return { ok: false, reason: 'not_sailing', maxCents: 0 };
  if (refundableCents <= 0) return { ok: false, reason: 'nothing_kept', maxCents };
  if (amountCents > maxCents) return { ok: false, reason: 'is_cancellation', maxCents };
  return { ok: true };
}
