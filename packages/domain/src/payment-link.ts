/**
 * A payment link (docs/payments.md#operator-taken-bookings): staff book a walk-in or phone
 * customer and e-mail them a link to pay by card; the seats stay held for the hours chosen, but
 * never past PAYMENT_LINK_MARGIN_MINUTES before the trip leaves, so the crew knows who is paid
 * before boarding.
 */

/** The hold lengths staff choose from, in hours. */
export const PAYMENT_LINK_HOLD_HOURS = [1, 6, 24] as const;
export type PaymentLinkHoldHours = (typeof PAYMENT_LINK_HOLD_HOURS)[number];

/** The hold ends at the latest this long before the trip starts. */
export const PAYMENT_LINK_MARGIN_MINUTES = 30;

/** A link whose hold would end sooner than this is not worth sending: take the money in person. */
export const PAYMENT_LINK_MIN_MINUTES = 10;

const MINUTE_MS = 60_000;

export type PaymentLinkHold =
  { ok: true; expiresAt: Date; capped: boolean } | { ok: false; code: 'tooLate'; latest: Date };

/**
 * When the hold of a link sent at `now` for a trip starting at `startsAt` ends: `hours` later,
 * or at the latest PAYMENT_LINK_MARGIN_MINUTES before the start (`capped`). Refused when that
 * leaves less than PAYMENT_LINK_MIN_MINUTES to pay.
 */
export function paymentLinkHold(now: Date, startsAt: Date, hours: number): PaymentLinkHold {
  const wanted = now.getTime() + hours * 60 * MINUTE_MS;
  const latest = startsAt.getTime() - PAYMENT_LINK_MARGIN_MINUTES * MINUTE_MS;
  if (latest - now.getTime() < PAYMENT_LINK_MIN_MINUTES * MINUTE_MS) {
    return { ok: false, code: 'tooLate', latest: new Date(latest) };
  }
  return wanted <= latest
    ? { ok: true, expiresAt: new Date(wanted), capped: false }
    : { ok: true, expiresAt: new Date(latest), capped: true };
}
