/**
 * The customer's own change of date (docs/payments.md#the-customer-changes-the-date): per boat,
 * beside the cancellation policy, with a site-wide default. Whether a booking may move, until
 * when, how often and at what fee is decided here, for the server's answers and the page that
 * shows them alike.
 */
import { isUpcomingStatus } from './booking-status';
import { centsToEuros } from './money';

export interface ReschedulePolicy {
  allowed: boolean;
  /** The last moment to move is this many hours before the booked departure. */
  hoursBefore: number;
  /** How many times one booking may be moved by its customer. */
  maxTimes: number;
  /** Charged on each move, in cents; part of what the booking is worth afterwards. */
  feeCents: number;
}

/**
 * Allowed up to 48 hours before departure, once, free: until then the site-default cancellation
 * policy refunds in full, so a customer could cancel and book again anyway; the move keeps the
 * owner the sale.
 */
export const DEFAULT_RESCHEDULE_POLICY: ReschedulePolicy = Object.freeze({
  allowed: true,
  hoursBefore: 48,
  maxTimes: 1,
  feeCents: 0,
});

/** A boat's own policy, or the site default when it has none. */
export function effectiveReschedulePolicy(own: ReschedulePolicy | null | undefined): ReschedulePolicy {
  return own ?? DEFAULT_RESCHEDULE_POLICY;
}

/** The policy on the wire: the fee in euros (schemas/boat.ts reschedulePolicySchema). */
export function reschedulePolicyWire(policy: ReschedulePolicy) {
  return {
    allowed: policy.allowed,
    hoursBefore: policy.hoursBefore,
    maxTimes: policy.maxTimes,
    fee: centsToEuros(policy.feeCents),
  };
}

/**
 * The ways a booking's money may have come in for its customer to move it themselves: their card
 * and gift vouchers. Money taken in person or on account (a reseller's or an agent's sale) is
 * settled by whoever took it, so such a booking is moved by them, not on manage my booking.
 */
const SELF_SERVICE_METHODS: readonly string[] = ['card', 'voucher'];

export const RESCHEDULE_REFUSALS = [
  // The boat's owner does not allow it.
  'not_allowed',
  // Past the policy's last moment (or the trip has started).
  'too_late',
  // Already moved as often as the policy allows.
  'limit_reached',
  // Not a paid or confirmed booking (a request still waiting for its owner, a canceled one).
  'not_upcoming',
  // Paid in person or on account: moved by whoever took the money.
  'paid_elsewhere',
] as const;
export type RescheduleRefusal = (typeof RESCHEDULE_REFUSALS)[number];

export type RescheduleBooking = {
  status: string;
  startsAt: Date;
  /** How many times its customer moved it already. */
  timesMoved: number;
  /** The methods of the payments that brought money in or owe it (the ledger's rows not failed or canceled). */
  paidWith: readonly string[];
};

export type RescheduleEligibility =
  | { ok: true; closesAt: Date; timesLeft: number }
  | { ok: false; reason: RescheduleRefusal; closesAt: Date | null };

const HOUR_MS = 3_600_000;

/** The last instant the booking may still be moved under `policy`. */
export function rescheduleClosesAt(policy: ReschedulePolicy, departure: Date): Date {
  return new Date(departure.getTime() - policy.hoursBefore * HOUR_MS);
}

/**
 * Whether the customer may move `booking` now. Exactly `hoursBefore` hours before departure
 * still counts.
 */
export function rescheduleEligibility(
  policy: ReschedulePolicy,
  booking: RescheduleBooking,
  now: Date,
): RescheduleEligibility {
  const closesAt = rescheduleClosesAt(policy, booking.startsAt);
  const refuse = (reason: RescheduleRefusal, at: Date | null = closesAt): RescheduleEligibility => ({
    ok: false,
    reason,
    closesAt: at,
  });
  if (!isUpcomingStatus(booking.status)) return refuse('not_upcoming', null);
  if (!policy.allowed) return refuse('not_allowed', null);
  if (booking.paidWith.some((method) => !SELF_SERVICE_METHODS.includes(method)))
    return refuse('paid_elsewhere', null);
  if (booking.timesMoved >= policy.maxTimes) return refuse('limit_reached');
  if (now.getTime() > closesAt.getTime()) return refuse('too_late');
  return { ok: true, closesAt, timesLeft: policy.maxTimes - booking.timesMoved };
}

export interface RescheduleQuote {
  /** What the booking is worth after the move: the new trip, the extras it keeps, the fee. */
  newTotalCents: number;
  /** newTotal − held: above 0 the customer pays it by card, below 0 it is refunded. */
  differenceCents: number;
}

/**
 * The money of a move. `tripCents`: the party on the new trip (its own price with the boat's
 * rules); `extrasCents`: the extras the booking keeps, at the prices they were sold at;
 * `discountCents`: what the sale's promo code took off, kept as the same amount (never more than
 * the trip and extras); `heldCents`: what the booking holds now (received − refunded − refunds
 * on their way).
 */
export function rescheduleQuote(input: {
  tripCents: number;
  extrasCents: number;
  discountCents: number;
  feeCents: number;
  heldCents: number;
}): RescheduleQuote {
  const goods = input.tripCents + input.extrasCents;
  const newTotalCents = goods - Math.min(input.discountCents, goods) + input.feeCents;
  return { newTotalCents, differenceCents: newTotalCents - input.heldCents };
}
