// What a customer of a canceled shared trip may move to, each trip until its own closing time,
// and the customer's deadline to choose, from the trips offered to them (domain
// trip-change-deadline). Which trips qualify and at what price is the domain's tripMoveVerdict
// (packages/domain/src/trip-move.ts) for the boat's own trips, and crossOwnerMoveVerdict
// (cross-owner-move.ts) for trips of other owners' boats from the same harbour: the list the
// customer is shown and the move the server accepts are both this module's moveOptions, so they
// cannot disagree.
import { addDays, canaryDateKey, canaryDayRange } from '@boats/domain/canary-time';
import { commissionBps } from '@boats/domain/fee-split';
import {
  crossOwnerMoveVerdict,
  type CanceledTripFacts,
  type CrossOwnerRefusal,
} from '@boats/domain/cross-owner-move';
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
import { and, asc, eq, gt, gte, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, owners, slots } from '../../db/schema';
import { onPublicSiteSql } from '../boats/boat-repository';
import { seatsLeft } from '../occupancy/occupancy';
import { withUsage, type AdminSlotRow } from '../slots/slot-repository';

const HOUR = 3_600_000;
const MAX_OPTIONS = 8;

/**
 * The canceled trip, when it was canceled, the least time to choose (TRIP_CHANGE_MIN_HOURS), and
 * how many days after its own its customers are offered other owners' trips (CROSS_OWNER_MOVE_DAYS).
 */
export type CanceledTrip = {
  id: string;
  canceledAt: Date;
  minimumHours: number;
  otherOwnerDays: number;
  /** The site's rate, for an owner who has none of their own (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
};

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
  /** A trip of another owner's boat: that boat, and what its owner's rate is; null: the boat's own. */
  otherBoat: OtherBoat | null;
};

/** Another owner's boat a booking may move to, with what the platform covers of its price. */
type OtherBoat = {
  boatId: string;
  title: Record<string, string>;
  harbour: string;
  /** The boat's owner's rate, at which the moved booking is sold. */
  commissionBps: number;
  /** What the platform adds: the trip costs more than the booking holds. */
  coverCents: number;
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
      otherBoat: null,
    });
  }
  const others = await otherOwnersOptions(db, party, canceled, heldCents, now, MAX_OTHER_OPTIONS);
  return [...options.slice(0, MAX_OPTIONS - others.length), ...others];
}

/** How many of the MAX_OPTIONS may be other owners' trips. */
const MAX_OTHER_OPTIONS = 4;

/** The canceled trip with its boat, as crossOwnerMoveVerdict sees it. */
async function canceledTripFacts(db: Db, slotId: string): Promise<CanceledTripFacts | undefined> {
  const [row] = await db
    .select({
      boatId: slots.boatId,
      type: slots.type,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      ownerId: boats.ownerId,
      harbour: boats.portName,
      boatCapacity: boats.capacity,
    })
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .where(eq(slots.id, slotId));
  return row;
}

/**
 * Shared trips of other owners' boats on the public site, from the canceled trip's harbour, on
 * its day or up to `otherOwnerDays` after (domain crossOwnerMoveVerdict), soonest first.
 */
async function otherOwnersOptions(
  db: Db,
  party: MoveParty,
  canceled: CanceledTrip,
  heldCents: number,
  now: Date,
  limit: number,
): Promise<MoveOption[]> {
  const facts = await canceledTripFacts(db, canceled.id);
  if (!facts || facts.type !== 'shared') return [];
  const firstDay = canaryDateKey(facts.startsAt);
  const from = canaryDayRange(firstDay).start;
  const until = canaryDayRange(addDays(firstDay, canceled.otherOwnerDays)).end;
  // A narrowing query (a superset of what the verdict accepts: any harbour); the verdict decides.
  const rows = await db
    .select({
      slot: slots,
      ownerId: boats.ownerId,
      harbour: boats.portName,
      boatCapacity: boats.capacity,
      priceRules: boats.priceRules,
      title: boats.title,
      ownerRateBps: owners.commissionBps,
    })
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(
      and(
        ne(boats.ownerId, facts.ownerId),
        onPublicSiteSql,
        eq(slots.type, 'shared'),
        eq(slots.isOpen, true),
        isNull(slots.canceledAt),
        gt(slots.startsAt, now),
        gte(slots.startsAt, from),
        lt(slots.startsAt, until),
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(40);
  const usage = new Map(
    (
      await withUsage(
        db,
        rows.map((r) => r.slot),
        now,
      )
    ).map((s) => [s.id, s]),
  );
  const options: MoveOption[] = [];
  for (const row of rows) {
    const slot = usage.get(row.slot.id);
    if (!slot) continue;
    const verdict = crossOwnerMoveVerdict(
      party,
      heldCents,
      facts,
      {
        ...moveTarget(slot, row.priceRules),
        ownerId: row.ownerId,
        harbour: row.harbour,
        boatCapacity: row.boatCapacity,
      },
      now,
      canceled.otherOwnerDays,
    );
    const closesAt = optionClosesAt(slot.startsAt, canceled.canceledAt, canceled.minimumHours);
    if (!verdict.ok || closesAt.getTime() <= now.getTime()) continue;
    options.push({
      id: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      seatPriceCents: eurosToCents(verdict.price.breakdown.unitPerHour),
      price: verdict.price,
      refundCents: verdict.refundCents,
      closesAt,
      otherBoat: {
        boatId: slot.boatId,
        title: row.title,
        harbour: row.harbour,
        commissionBps: commissionBps(row.ownerRateBps, canceled.platformFeePercent),
        coverCents: verdict.coverCents,
      },
    });
  }
  return options.slice(0, limit);
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
): Promise<{
  reason: MoveRefusal | CrossOwnerRefusal | 'choice_closed' | 'not_offered' | 'unknown';
  priceCents?: number;
}> {
  const [slot] = await db.select().from(slots).where(eq(slots.id, slotId));
  if (!slot) return { reason: 'unknown' };
  const [withSeats] = await withUsage(db, [slot], now);
  if (!withSeats) return { reason: 'unknown' };
  const [boat] = await db
    .select({
      rules: boats.priceRules,
      ownerId: boats.ownerId,
      harbour: boats.portName,
      capacity: boats.capacity,
    })
    .from(boats)
    .where(eq(boats.id, slot.boatId));
  if (!boat) return { reason: 'unknown' };
  const target = moveTarget(withSeats, boat.rules);
  const facts = slot.boatId === party.boatId ? undefined : await canceledTripFacts(db, canceled.id);
  const verdict = facts
    ? crossOwnerMoveVerdict(
        party,
        heldCents,
        facts,
        { ...target, ownerId: boat.ownerId, harbour: boat.harbour, boatCapacity: boat.capacity },
        now,
        canceled.otherOwnerDays,
      )
    : tripMoveVerdict(party, heldCents, target, now);
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
