/**
 * Another owner's boat when a trip is canceled (issue 40, docs/payments.md#another-owners-boat):
 * which trips of other owners' boats the customer of a canceled trip may be offered, and what the
 * move costs whom. The list the customer is shown and the move the server accepts both come from
 * crossOwnerMoveVerdict, so they cannot disagree.
 *
 * A trip is offered when it is comparable to the canceled one:
 * - from the same harbour, leaving on the canceled trip's Canary day or up to `days` days after
 *   (an operator setting, CROSS_OWNER_MOVE_DAYS);
 * - of the same kind: a shared trip for a shared trip; a charter for a charter of the same length
 *   on a boat of similar size (its capacity within COMPARABLE_CAPACITY of the canceled boat's);
 * - with room for the whole party, open, not canceled, not left yet.
 * The customer pays nothing more: a dearer trip's difference is the platform's cost (up to
 * MAX_COVER_SHARE of what the booking holds, so a trip far dearer is not offered), a cheaper
 * trip's difference is refunded, as on a move within the boat (coverOrRefund, for both kinds).
 */
import { addDays, canaryDateKey } from './canary-time';
import { moveTargetVerdict, partySeats, type MoveParty, type MoveTarget } from './trip-move';
import type { BookingPrice } from './pricing';

/** A charter boat is of similar size when its capacity is within these bounds of the canceled one's. */
export const COMPARABLE_CAPACITY = { min: 0.75, max: 1.5 } as const;
/** The most the platform covers of a dearer trip, as a share of what the booking holds. */
export const MAX_COVER_SHARE = 0.5;

/** The canceled trip as the rule sees it. */
export type CanceledTripFacts = {
  boatId: string;
  ownerId: string;
  harbour: string;
  type: 'private' | 'shared';
  startsAt: Date;
  endsAt: Date;
  boatCapacity: number;
};

/** A trip of another boat, with its boat's owner, harbour and capacity. */
export type OtherBoatTrip = MoveTarget & { ownerId: string; harbour: string; boatCapacity: number };

export const CROSS_OWNER_REFUSALS = [
  'same_owner',
  'other_harbour',
  'other_day',
  'other_kind',
  'not_comparable',
  'closed',
  'too_soon',
  'no_room',
  'too_dear',
] as const;
export type CrossOwnerRefusal = (typeof CROSS_OWNER_REFUSALS)[number];

/** Harbour names as owners type them: "Puerto Colón" and "puerto colón " are one harbour. */
function sameHarbour(a: string, b: string): boolean {
  const key = (name: string) => name.trim().toLocaleLowerCase('es');
  return key(a) !== '' && key(a) === key(b);
}

/**
 * Whether `target` is comparable to the canceled trip for this party (harbour, day, kind, size,
 * room, open), before any price: the rule for both kinds of trip.
 */
export function comparableTrip(
  party: Pick<MoveParty, 'adults' | 'children50' | 'kidsFree'>,
  canceled: CanceledTripFacts,
  target: OtherBoatTrip,
  now: Date,
  days: number,
): { ok: true } | { ok: false; reason: CrossOwnerRefusal } {
  if (target.ownerId === canceled.ownerId) return { ok: false, reason: 'same_owner' };
  if (!sameHarbour(canceled.harbour, target.harbour)) return { ok: false, reason: 'other_harbour' };
  const day = canaryDateKey(target.startsAt);
  const first = canaryDateKey(canceled.startsAt);
  if (day < first || day > addDays(first, days)) return { ok: false, reason: 'other_day' };
  if (target.type !== canceled.type) return { ok: false, reason: 'other_kind' };
  if (canceled.type === 'private') {
    const length = (t: { startsAt: Date; endsAt: Date }) => t.endsAt.getTime() - t.startsAt.getTime();
    const ratio = target.boatCapacity / canceled.boatCapacity;
    if (
      length(target) !== length(canceled) ||
      ratio < COMPARABLE_CAPACITY.min ||
      ratio > COMPARABLE_CAPACITY.max
    )
      return { ok: false, reason: 'not_comparable' };
  }
  if (!target.isOpen || target.canceled) return { ok: false, reason: 'closed' };
  if (target.startsAt.getTime() <= now.getTime()) return { ok: false, reason: 'too_soon' };
  const room = canceled.type === 'shared' ? target.seatsLeft : target.boatCapacity;
  if (room < partySeats(party)) return { ok: false, reason: 'no_room' };
  return { ok: true };
}

export type CrossOwnerVerdict =
  | {
      ok: true;
      /** The party's price on the target (its boat's seat price and rules). */
      price: BookingPrice;
      /** What goes back to the customer: the target is cheaper than what the booking holds. */
      refundCents: number;
      /** What the platform adds: the target is dearer than what the booking holds. */
      coverCents: number;
    }
  | { ok: false; reason: CrossOwnerRefusal };

/**
 * What moving a booking that holds `heldCents` to a trip of `priceCents` costs whom: the
 * difference refunded (cheaper), or added by the platform up to MAX_COVER_SHARE (dearer; beyond
 * it the trip is `too_dear`).
 */
export function coverOrRefund(
  priceCents: number,
  heldCents: number,
): { ok: true; refundCents: number; coverCents: number } | { ok: false; reason: 'too_dear' } {
  const coverCents = Math.max(0, priceCents - heldCents);
  if (coverCents > Math.floor(heldCents * MAX_COVER_SHARE)) return { ok: false, reason: 'too_dear' };
  return { ok: true, refundCents: Math.max(0, heldCents - priceCents), coverCents };
}

/**
 * A canceled charter to another owner's charter start (`target` its first hour, `startsAt` to
 * `endsAt` the hours it would take, which the caller found free and in a row): comparableTrip
 * (the same length, a boat of similar size holding the party), at `price`, the charter's price on
 * that boat at that start (the server prices it with the boat's rates and price rules).
 */
export function crossOwnerCharterVerdict(
  party: Pick<MoveParty, 'adults' | 'children50' | 'kidsFree'>,
  heldCents: number,
  canceled: CanceledTripFacts,
  target: OtherBoatTrip,
  price: BookingPrice,
  now: Date,
  days: number,
): CrossOwnerVerdict {
  const comparable = comparableTrip(party, canceled, target, now, days);
  if (!comparable.ok) return comparable;
  const money = coverOrRefund(price.amountCents, heldCents);
  return money.ok ? { ...money, price } : money;
}

/**
 * A shared booking of a canceled trip to another owner's shared trip: comparableTrip, priced for
 * the party on the target. The booking is worth the target's price: the customer's `heldCents`
 * plus the platform's cover, or less the refund.
 */
export function crossOwnerMoveVerdict(
  party: MoveParty,
  heldCents: number,
  canceled: CanceledTripFacts,
  target: OtherBoatTrip,
  now: Date,
  days: number,
): CrossOwnerVerdict {
  const comparable = comparableTrip(party, canceled, target, now, days);
  if (!comparable.ok) return comparable;
  // The domain's pricing of the same party on the target, as a move within its own boat is priced.
  const priced = moveTargetVerdict({ ...party, boatId: target.boatId }, target, now);
  if (!priced.ok) return { ok: false, reason: priced.reason === 'no_room' ? 'no_room' : 'closed' };
  const money = coverOrRefund(priced.price.amountCents, heldCents);
  return money.ok ? { ...money, price: priced.price } : money;
}
