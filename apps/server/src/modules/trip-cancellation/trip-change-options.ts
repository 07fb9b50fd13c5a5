// What a customer of a canceled trip may move to, each trip until its own closing time, and the
// customer's deadline to choose, from the trips offered to them (domain trip-change-deadline).
// Which trips qualify and at what price is the domain's tripMoveVerdict
// (packages/domain/src/trip-move.ts) for the boat's own shared trips, crossOwnerMoveVerdict
// (cross-owner-move.ts) for shared trips of other owners' boats from the same harbour, and
// crossOwnerCharterVerdict for a canceled charter: other owners' charter starts of the same length
// whose hours are free in a row. Every option is made by optionOf, and the list the customer is
// shown and the move the server accepts are both this module's moveOptions, so they cannot
// disagree.
import { addDays, canaryDateKey, canaryDayRange } from '@boats/domain/canary-time';
import {
  charterChain,
  charterEnd,
  charterDurationRange,
  isDurationInRange,
  slotsForDuration,
} from '@boats/domain/charter';
import { commissionBps } from '@boats/domain/fee-split';
import {
  crossOwnerCharterVerdict,
  crossOwnerMoveVerdict,
  type CanceledTripFacts,
  type CrossOwnerRefusal,
  type OtherBoatTrip,
} from '@boats/domain/cross-owner-move';
import { eurosToCents } from '@boats/domain/money';
import { bookingPrice, type BookingPrice } from '@boats/domain/pricing';
import { choiceDeadline, optionClosesAt } from '@boats/domain/trip-change-deadline';
import {
  MOVE_HORIZON_DAYS,
  type MoveParty,
  type MoveRefusal,
  tripMoveVerdict,
} from '@boats/domain/trip-move';
import type { PriceRule } from '@boats/domain/price-rules';
import { and, asc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingSlots, bookings, boats, owners, slots } from '../../db/schema';
import { ratesOfRowAt } from '../boats/boat-mapper';
import { onPublicSiteSql, type BoatRow } from '../boats/boat-repository';
import { claimCounts, seatsLeft } from '../occupancy/occupancy';
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
  /** A charter's hours on the target (slot ids in order, `id` the first); empty for a shared trip. */
  chain: string[];
};

/**
 * The booking that moves: its party, its kind, and its own hours (a charter's length is the
 * booking's, not the canceled hour's).
 */
export type MovingBooking = MoveParty & { type: 'private' | 'shared'; startsAt: Date; endsAt: Date };

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
  party: MovingBooking,
  canceled: CanceledTrip,
  heldCents: number,
  now: Date,
): Promise<MoveOption[]> {
  const others = await otherOwnersOptions(db, party, canceled, heldCents, now, MAX_OTHER_OPTIONS);
  // A charter is offered other owners' charters; its own boat's other hours are manage my booking's.
  if (party.type === 'private') return others;
  // A narrowing query (a superset of what the verdict accepts); the verdict decides. A boat off
  // the site (its owner suspended, docs/decisions/0037) offers none of its own trips.
  const candidates = await db
    .select({ slot: slots })
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .where(
      and(
        eq(slots.boatId, party.boatId),
        onPublicSiteSql,
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
  for (const slot of await withUsage(
    db,
    candidates.map((c) => c.slot),
    now,
  )) {
    const verdict = tripMoveVerdict(party, heldCents, moveTarget(slot, rules), now);
    const option = verdict.ok ? optionOf(slot, slot.endsAt, verdict, canceled, now) : null;
    if (option) options.push(option);
  }
  return [...options.slice(0, MAX_OPTIONS - others.length), ...others];
}

/**
 * The one builder of an option, whichever verdict accepted the trip: null when the trip can no
 * longer be chosen (its closing time, optionClosesAt, has passed).
 */
function optionOf(
  start: { id: string; startsAt: Date },
  endsAt: Date,
  verdict: { price: BookingPrice; refundCents: number },
  canceled: CanceledTrip,
  now: Date,
  otherBoat: OtherBoat | null = null,
  chain: string[] = [],
): MoveOption | null {
  const closesAt = optionClosesAt(start.startsAt, canceled.canceledAt, canceled.minimumHours);
  if (closesAt.getTime() <= now.getTime()) return null;
  return {
    id: start.id,
    startsAt: start.startsAt,
    endsAt,
    // The seat price the move is charged at (the boat's price rules applied); a charter's hour.
    seatPriceCents: eurosToCents(verdict.price.breakdown.unitPerHour),
    price: verdict.price,
    refundCents: verdict.refundCents,
    closesAt,
    otherBoat,
    chain,
  };
}

/** How many of the MAX_OPTIONS may be other owners' trips. */
const MAX_OTHER_OPTIONS = 4;

/**
 * The canceled trip with its boat, as the cross-owner verdicts see it; a charter's hours are the
 * booking's own.
 */
async function canceledTripFacts(
  db: Db,
  slotId: string,
  party: MovingBooking,
): Promise<CanceledTripFacts | undefined> {
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
  if (!row) return undefined;
  return row.type === 'private' ? { ...row, startsAt: party.startsAt, endsAt: party.endsAt } : row;
}

/**
 * Trips of other owners' boats on the public site, from the canceled trip's harbour, on its day
 * or up to `otherOwnerDays` after, soonest first: shared trips for a shared trip (domain
 * crossOwnerMoveVerdict), charter starts for a charter (otherOwnersCharters).
 */
async function otherOwnersOptions(
  db: Db,
  party: MovingBooking,
  canceled: CanceledTrip,
  heldCents: number,
  now: Date,
  limit: number,
): Promise<MoveOption[]> {
  const facts = await canceledTripFacts(db, canceled.id, party);
  if (!facts || facts.type !== party.type) return [];
  const firstDay = canaryDateKey(facts.startsAt);
  const from = canaryDayRange(firstDay).start;
  const until = canaryDayRange(addDays(firstDay, canceled.otherOwnerDays)).end;
  if (facts.type === 'private') {
    const all = await otherOwnersCharters(db, party, facts, canceled, heldCents, now, { from, until });
    return all.slice(0, limit);
  }
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
    if (!verdict.ok) continue;
    const option = optionOf(slot, slot.endsAt, verdict, canceled, now, {
      boatId: slot.boatId,
      title: row.title,
      harbour: row.harbour,
      commissionBps: commissionBps(row.ownerRateBps, canceled.platformFeePercent),
      coverCents: verdict.coverCents,
    });
    if (option) options.push(option);
  }
  return options.slice(0, limit);
}

/**
 * Charter starts of other owners' boats in the window for a canceled charter: for each boat, each
 * open hour from which the canceled charter's length runs over free hours in a row (the domain's
 * charter chain, as the booking page builds it, within the boat's own minimum and maximum),
 * priced as that boat sells a charter starting then (its rates and price rules), and accepted by
 * crossOwnerCharterVerdict. Soonest first.
 */
async function otherOwnersCharters(
  db: Db,
  party: MovingBooking,
  facts: CanceledTripFacts,
  canceled: CanceledTrip,
  heldCents: number,
  now: Date,
  window: { from: Date; until: Date },
): Promise<MoveOption[]> {
  const hours = Math.round((facts.endsAt.getTime() - facts.startsAt.getTime()) / HOUR);
  // Every hour of other owners' boats from the window's start until a charter started in it ends,
  // and whether another booking's claim (sold, requested or a live hold) is on it.
  const rows = await db
    .select({
      slot: slots,
      boat: boats,
      ownerRateBps: owners.commissionBps,
      taken: sql<boolean>`exists (select 1 from ${bookingSlots} bs join ${bookings} b on b.id = bs.booking_id
        where bs.slot_id = ${slots.id} and ${claimCounts(now, sql.raw('bs'), sql.raw('b'))})`,
    })
    .from(slots)
    .innerJoin(boats, eq(boats.id, slots.boatId))
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(
      and(
        ne(boats.ownerId, facts.ownerId),
        onPublicSiteSql,
        eq(slots.type, 'private'),
        isNull(slots.canceledAt),
        gt(slots.startsAt, now),
        gte(slots.startsAt, window.from),
        lt(slots.startsAt, new Date(window.until.getTime() + hours * HOUR)),
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(400);
  const byBoat = new Map<string, { boat: BoatRow; ownerRateBps: number | null; hours: ChainRow[] }>();
  for (const row of rows) {
    const entry = byBoat.get(row.boat.id) ?? { boat: row.boat, ownerRateBps: row.ownerRateBps, hours: [] };
    entry.hours.push({
      ...row.slot,
      _id: row.slot.id,
      start: row.slot.startsAt,
      end: row.slot.endsAt,
      available: !row.taken,
    });
    byBoat.set(row.boat.id, entry);
  }
  const options: MoveOption[] = [];
  for (const { boat, ownerRateBps, hours: candidates } of byBoat.values()) {
    for (const start of candidates) {
      if (start.startsAt.getTime() >= window.until.getTime()) break;
      if (!isDurationInRange(hours, charterDurationRange(boat, candidates, start.id))) continue;
      const claimed = slotsForDuration(charterChain(candidates, start.id), hours);
      const end = charterEnd(claimed, hours);
      if (claimed.length === 0 || !end) continue;
      const price = bookingPrice({
        mode: 'private',
        rates: ratesOfRowAt(boat, 0, start.startsAt).charter,
        hours,
      });
      const target: OtherBoatTrip = {
        boatId: boat.id,
        type: 'private',
        startsAt: start.startsAt,
        endsAt: end,
        seatPriceCents: 0,
        priceRules: boat.priceRules,
        isOpen: start.isOpen,
        canceled: false,
        seatsLeft: boat.capacity,
        ownerId: boat.ownerId,
        harbour: boat.portName,
        boatCapacity: boat.capacity,
      };
      const verdict = crossOwnerCharterVerdict(
        party,
        heldCents,
        facts,
        target,
        price,
        now,
        canceled.otherOwnerDays,
      );
      if (!verdict.ok) continue;
      const option = optionOf(
        start,
        end,
        verdict,
        canceled,
        now,
        {
          boatId: boat.id,
          title: boat.title,
          harbour: boat.portName,
          commissionBps: commissionBps(ownerRateBps, canceled.platformFeePercent),
          coverCents: verdict.coverCents,
        },
        claimed.map((slot) => slot.id),
      );
      if (option) options.push(option);
    }
  }
  return options.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

type ChainRow = typeof slots.$inferSelect & { _id: string; start: Date; end: Date; available: boolean };

/**
 * Why the party cannot move to `slotId` (a trip not among moveOptions), for the refusal; the
 * new price when it is dearer. `not_offered` for a trip that qualifies but was not listed.
 */
export async function whyNotMovable(
  db: Db,
  party: MovingBooking,
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
  const facts = slot.boatId === party.boatId ? undefined : await canceledTripFacts(db, canceled.id, party);
  if (party.type === 'private') {
    // A charter start not offered: not comparable (the canceled charter's length from there), or
    // its hours no longer free in a row (a checkout took one meanwhile).
    const [row] = facts ? await db.select().from(boats).where(eq(boats.id, slot.boatId)) : [];
    if (!facts || !row) return { reason: 'other_boat' };
    const length = facts.endsAt.getTime() - facts.startsAt.getTime();
    const hours = Math.round(length / HOUR);
    const price = bookingPrice({
      mode: 'private',
      rates: ratesOfRowAt(row, 0, slot.startsAt).charter,
      hours,
    });
    const verdict = crossOwnerCharterVerdict(
      party,
      heldCents,
      facts,
      {
        ...target,
        endsAt: new Date(slot.startsAt.getTime() + length),
        ownerId: boat.ownerId,
        harbour: boat.harbour,
        boatCapacity: boat.capacity,
      },
      price,
      now,
      canceled.otherOwnerDays,
    );
    return verdict.ok ? { reason: 'no_room' } : verdict;
  }
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
