/**
 * Whether the party of a weather-canceled shared booking may move to another trip, and at what
 * price (docs/back-office.md, "Weather cancellation"). The trips a customer is offered and the
 * move the server accepts are both decided here, so they cannot disagree: the whole price of the
 * same party on the target trip (its own seat price with the boat's price rules, docs/payments.md#pricing,
 * and its own length) must not exceed what
 * the booking holds; what is left over is refunded.
 */
import { seatPriceAt, type PriceRule } from './price-rules';
import { bookingPrice, type BookingPrice } from './pricing';

const HOUR_MS = 3_600_000;
/** How far ahead a move may go. */
export const MOVE_HORIZON_DAYS = 60;

export type MoveParty = { boatId: string; adults: number; children50: number; kidsFree: number };

export type MoveTarget = {
  boatId: string;
  type: 'private' | 'shared';
  startsAt: Date;
  endsAt: Date;
  seatPriceCents: number;
  /** The boat's price rules: the move is priced at the target trip's own seasonal price. */
  priceRules: readonly PriceRule[];
  isOpen: boolean;
  canceled: boolean;
  /** Seats nobody has bought or holds right now. */
  seatsLeft: number;
};

export const MOVE_REFUSALS = [
  'other_boat',
  'not_shared',
  'closed',
  'too_soon',
  'too_far',
  'no_room',
  'dearer',
] as const;
export type MoveRefusal = (typeof MOVE_REFUSALS)[number];

export type MoveVerdict =
  | { ok: true; price: BookingPrice; refundCents: number }
  | { ok: false; reason: MoveRefusal; priceCents?: number };

/** The seats a party takes (children under 6 included: each needs a seat). */
export function partySeats(party: Pick<MoveParty, 'adults' | 'children50' | 'kidsFree'>): number {
  return party.adults + party.children50 + party.kidsFree;
}

/**
 * Whether the party may move to `target` at all, and its price there with the domain's pricing:
 * same boat, a shared trip that is open, not canceled, not started, within the horizon, with
 * room for the party. The weather move (tripMoveVerdict) and the customer's reschedule
 * (reschedule-policy.ts) both start here, so their lists of trips cannot disagree.
 */
export function moveTargetVerdict(
  party: MoveParty,
  target: MoveTarget,
  now: Date,
): { ok: true; price: BookingPrice } | { ok: false; reason: Exclude<MoveRefusal, 'dearer'> } {
  if (target.boatId !== party.boatId) return { ok: false, reason: 'other_boat' };
  if (target.type !== 'shared') return { ok: false, reason: 'not_shared' };
  if (!target.isOpen || target.canceled) return { ok: false, reason: 'closed' };
  if (target.startsAt.getTime() <= now.getTime()) return { ok: false, reason: 'too_soon' };
  if (target.startsAt.getTime() >= now.getTime() + MOVE_HORIZON_DAYS * 24 * HOUR_MS)
    return { ok: false, reason: 'too_far' };
  if (target.seatsLeft < partySeats(party)) return { ok: false, reason: 'no_room' };
  const price = bookingPrice({
    mode: 'shared',
    seatPricePerHourCents: seatPriceAt(target.seatPriceCents, target.priceRules, target.startsAt),
    passengers: { adults: party.adults, children50: party.children50, kidsFree: party.kidsFree },
    hours: (target.endsAt.getTime() - target.startsAt.getTime()) / HOUR_MS,
  });
  return { ok: true, price };
}

/**
 * A weather move: moveTargetVerdict, and costing at most `heldCents` (what the booking holds:
 * received minus refunded and refunds on their way); what is left over is refunded.
 */
export function tripMoveVerdict(
  party: MoveParty,
  heldCents: number,
  target: MoveTarget,
  now: Date,
): MoveVerdict {
  const verdict = moveTargetVerdict(party, target, now);
  if (!verdict.ok) return verdict;
  const { price } = verdict;
  if (price.amountCents > heldCents) return { ok: false, reason: 'dearer', priceCents: price.amountCents };
  return { ok: true, price, refundCents: heldCents - price.amountCents };
}
