// What a customer of a canceled shared trip may move to, each trip until its own closing time,
// and the customer's deadline to choose, from the trips offered to them (domain
// trip-change-deadline). Which trips qualify and at what price is the domain's tripMoveVerdict
// (packages/domain/src/trip-move.ts): the list the customer is shown and the move the server
// accepts are both this module's moveOptions, so they cannot disagree.
import { eurosToCents } from '@boats/domain/money';
import type { BookingPrice } from '@boats/domain/pricing';
import { choiceDeadline, optionClosesAt } from '@boats/domain/trip-change-deadline';
import {
  MOVE_HORIZON_DAYS,
  type MoveParty,
  type MoveRefusal,
  tripMoveVerdict,
} from '@boats/domain/trip-move';
import type { PriceRule } from '@boats/domain/price-rules';
import { and, asc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, slots } from '../../db/schema';
import { seatsLeft } from '../occupancy/occupancy';
import { withUsage, type AdminSlotRow } from '../slots/slot-repository';

const HOUR = 3_600_000;
const MAX_OPTIONS = 8;

/** The canceled trip, when it was canceled, and the least time to choose (TRIP_CHANGE_MIN_HOURS). */
export type CanceledTrip = { id: string; canceledAt: Date; minimumHours: number };

export type MoveOption = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  seatPriceCents: number;
  price: BookingPrice;
  /** What the booking holds beyond the new price: refunded when it moves. */
  refundCents: number;
  /** Until when this trip may be chosen. */
  closesAt: Date;
};

/**
 * The trips the party may move to now (at most MAX_OPTIONS, soonest first), each still open to
 * choose. `heldCents`: what the booking holds (received − refunded − refunds on their way).
 */
export async function moveOptions(
  db: Db,
  party: MoveParty,
  canceled: CanceledTrip,
  heldCents: number,
  now: Date,
): Promise<MoveOption[]> {
  // A narrowing query (a superset of what the verdict accepts); the verdict decides.
  const candidates = await db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.boatId, party.boatId),
        eq(slots.type, 'shared'),
        eq(slots.isOpen, true),
        isNull(slots.canceledAt),
        ne(slots.id, canceled.id),
        gt(slots.startsAt, now),
        lt(slots.startsAt, new Date(now.getTime() + MOVE_HORIZON_DAYS * 24 * HOUR)),
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(40);
  const options: MoveOption[] = [];
  const rules = await priceRulesOf(db, party.boatId);
  for (const slot of await withUsage(db, candidates, now)) {
    const verdict = tripMoveVerdict(party, heldCents, moveTarget(slot, rules), now);
    const closesAt = optionClosesAt(slot.startsAt, canceled.canceledAt, canceled.minimumHours);
    if (!verdict.ok || closesAt.getTime() <= now.getTime()) continue;
    options.push({
      id: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      // The seat price the move is charged at (the boat's price rules applied).
      seatPriceCents: eurosToCents(verdict.price.breakdown.unitPerHour),
      price: verdict.price,
      refundCents: verdict.refundCents,
      closesAt,
    });
  }
  return options.slice(0, MAX_OPTIONS);
}

/**
 * Why the party cannot move to `slotId` (a trip not among moveOptions), for the refusal; the
 * new price when it is dearer. `not_offered` for a trip that qualifies but was not listed.
 */
export async function whyNotMovable(
  db: Db,
  party: MoveParty,
  slotId: string,
  canceled: CanceledTrip,
  heldCents: number,
  now: Date,
): Promise<{ reason: MoveRefusal | 'choice_closed' | 'not_offered' | 'unknown'; priceCents?: number }> {
  const [slot] = await db.select().from(slots).where(eq(slots.id, slotId));
  if (!slot) return { reason: 'unknown' };
  const [withSeats] = await withUsage(db, [slot], now);
  if (!withSeats) return { reason: 'unknown' };
  const rules = await priceRulesOf(db, slot.boatId);
  const verdict = tripMoveVerdict(party, heldCents, moveTarget(withSeats, rules), now);
  if (!verdict.ok) return verdict;
  const closesAt = optionClosesAt(slot.startsAt, canceled.canceledAt, canceled.minimumHours);
  return { reason: closesAt.getTime() <= now.getTime() ? 'choice_closed' : 'not_offered' };
}

async function priceRulesOf(db: Db, boatId: string): Promise<PriceRule[]> {
  const [row] = await db.select({ rules: boats.priceRules }).from(boats).where(eq(boats.id, boatId));
  return row?.rules ?? [];
}

function moveTarget(slot: AdminSlotRow, priceRules: readonly PriceRule[]) {
  return {
    boatId: slot.boatId,
    type: slot.type,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    seatPriceCents: slot.seatPriceCents,
    priceRules,
    isOpen: slot.isOpen,
    canceled: slot.canceledAt !== null,
    seatsLeft: seatsLeft(slot, slot.seatsHeld),
  };
}

/** The customer's deadline; null when no trip offered leaves time to choose (then: a refund). */
export function offerDeadline(options: readonly MoveOption[], canceled: CanceledTrip): Date | null {
  return choiceDeadline(
    options.map((o) => o.startsAt),
    canceled.canceledAt,
    canceled.minimumHours,
  );
}
