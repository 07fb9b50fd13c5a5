// What can be sold now, read once for every channel (docs/architecture.md#one-sale-for-every-channel):
// a boat's trips and charter hours with what occupies them (the rules: occupancy/occupancy.ts),
// and what each offers: a shared trip's seats left, a charter's starts and their lengths. The
// site's month (availability/), OCTO's availability and the agent desk map these to their own
// wire shapes; none counts seats or chains hours of its own. A pending booking counts only while
// its hold is live, so an expired hold stops counting at once. The sale itself checks again
// under the trip's lock (sell.ts).
import { charterDurationRange, type DurationRange } from '@boats/domain/charter';
import { isPast } from '@boats/domain/canary-time';
import { bookingPrice } from '@boats/domain/pricing';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, bookingSlots, slots } from '../../db/schema';
import { ratesOfRowAt } from '../boats/boat-mapper';
import type { BoatRow } from '../boats/boat-repository';
import { claimCounts, isSharedHold, paidSeatsOn, seatsOffered } from '../occupancy/occupancy';

const HOUR_MS = 3_600_000;

type SlotRow = typeof slots.$inferSelect;
export type SellableSlot = SlotRow & {
  /** Seats held by unpaid bookings whose hold has not expired (shared slots). */
  heldSeats: number;
  /** Seats a shared trip can still sell: its total less those taken and held live (0 on a charter's hour). */
  seatsLeft: number;
  /** A live hold or a sold booking claims this private slot. */
  occupied: boolean;
  /** When the earliest live hold on this slot lapses (the slot's answer changes then). */
  liveHoldExpiresAt: Date | null;
  /** Shared: paid seats sold, what the minimum to depart counts. */
  paidSeatsSold: number;
};

/** Which slots of the boat: those starting in [start, end), or those named. */
type Which = { start: Date; end: Date } | { ids: readonly string[] };

/**
 * A boat's slots with their live holds and claims, in one set-based statement: the holds and
 * claims of the whole range are aggregated once and joined, instead of two correlated
 * subqueries per slot. A canceled trip is gone from sale for good (a new slot may have taken
 * its time); `canceled: true` keeps it, for a channel that must say it is closed.
 */
export async function sellableSlots(
  db: Db,
  boatId: string,
  which: Which,
  now: Date,
  options: { canceled?: boolean } = {},
): Promise<SellableSlot[]> {
  const inRange = and(
    eq(slots.boatId, boatId),
    ...('ids' in which
      ? [inArray(slots.id, [...which.ids])]
      : [gte(slots.startsAt, which.start), lt(slots.startsAt, which.end)]),
    options.canceled ? undefined : isNull(slots.canceledAt),
  );
  const held = db
    .select({
      slotId: bookings.slotId,
      seats: sql<number>`sum(${bookings.seats})::int`.as('held_seats'),
      expiresAt: sql<Date>`min(${bookings.holdExpiresAt})`
        .mapWith(bookings.holdExpiresAt)
        .as('held_expires_at'),
    })
    .from(bookings)
    .innerJoin(slots, and(eq(slots.id, bookings.slotId), inRange))
    .where(isSharedHold(now))
    .groupBy(bookings.slotId)
    .as('held');
  const claimed = db
    .select({
      slotId: bookingSlots.slotId,
      // Only a pending claim lapses; a sold one holds the slot for good.
      expiresAt:
        sql<Date | null>`min(case when ${bookings.status} = 'pending' then ${bookings.holdExpiresAt} end)`
          .mapWith(bookings.holdExpiresAt)
          .as('claim_expires_at'),
    })
    .from(bookingSlots)
    .innerJoin(slots, and(eq(slots.id, bookingSlots.slotId), inRange))
    .innerJoin(bookings, eq(bookings.id, bookingSlots.bookingId))
    .where(claimCounts(now))
    .groupBy(bookingSlots.slotId)
    .as('claimed');

  const rows = await db
    .select({
      slot: slots,
      heldSeats: held.seats,
      heldExpiresAt: held.expiresAt,
      claimSlotId: claimed.slotId,
      claimExpiresAt: claimed.expiresAt,
      paidSeatsSold: paidSeatsOn(sql.raw('"slots"."id"')),
    })
    .from(slots)
    .leftJoin(held, eq(held.slotId, slots.id))
    .leftJoin(claimed, eq(claimed.slotId, slots.id))
    .where(inRange)
    .orderBy(asc(slots.startsAt));

  return rows.map((row) => ({
    ...row.slot,
    heldSeats: row.heldSeats ?? 0,
    seatsLeft: seatsOffered(row.slot, row.heldSeats ?? 0),
    occupied: row.claimSlotId !== null,
    liveHoldExpiresAt: earliest(row.heldExpiresAt, row.claimExpiresAt),
    paidSeatsSold: Number(row.paidSeatsSold),
  }));
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a < b ? a : b;
}

/** The slot can be bought now: open, not canceled, not started, and a seat or the hour free. */
export function isSellableNow(
  slot: Pick<SellableSlot, 'isOpen' | 'canceledAt' | 'startsAt' | 'type' | 'seatsLeft' | 'occupied'>,
  now: Date,
): boolean {
  const open = slot.isOpen && !slot.canceledAt && !isPast(slot.startsAt, now);
  return open && (slot.type === 'shared' ? slot.seatsLeft > 0 : !slot.occupied);
}

/** The range to read for the charters starting in `range`: the hours after it a charter may run into. */
export function charterReach(boat: Pick<BoatRow, 'maxDurationHours'>, range: { start: Date; end: Date }) {
  return { start: range.start, end: new Date(range.end.getTime() + (boat.maxDurationHours + 1) * HOUR_MS) };
}

export type CharterStart = {
  /** The start hour. */
  slot: SellableSlot;
  /** The lengths the open hours from it chain to, sold or not (what a charter option lists). */
  offered: DurationRange | null;
  /** Of those, the lengths no sale or live hold takes any hour of. */
  free: DurationRange | null;
};

/**
 * A boat's charter starts in [start, end), by the site's own chaining of open hours (domain
 * charter.ts), from its private slots read over `charterReach`.
 */
export function charterStarts(
  boat: Pick<BoatRow, 'minDurationHours' | 'maxDurationHours'>,
  rows: readonly SellableSlot[],
  range: { start: Date; end: Date },
): CharterStart[] {
  const hours = rows.filter((r) => r.type === 'private' && !r.canceledAt);
  const chain = (claimsCount: boolean) =>
    hours.map((h) => ({
      _id: h.id,
      start: h.startsAt,
      end: h.endsAt,
      isOpen: h.isOpen,
      ...(claimsCount ? { available: !h.occupied } : {}),
    }));
  const offered = chain(false);
  const free = chain(true);
  return hours
    .filter((h) => h.startsAt >= range.start && h.startsAt < range.end)
    .map((h) => ({
      slot: h,
      offered: charterDurationRange(boat, offered, h.id),
      free: charterDurationRange(boat, free, h.id),
    }));
}

/** A charter's price from this start: the boat's charter rates with its price rules for the day. */
export function charterPriceCents(boat: BoatRow, startsAt: Date, hours: number): number {
  return bookingPrice({ mode: 'private', rates: ratesOfRowAt(boat, 0, startsAt).charter, hours }).amountCents;
}

/** A shared trip's seat price per hour: the slot's, with the boat's price rules for its start. */
export function seatPricePerHourCents(
  boat: BoatRow,
  slot: Pick<SlotRow, 'seatPriceCents' | 'startsAt'>,
): number {
  return ratesOfRowAt(boat, slot.seatPriceCents, slot.startsAt).seatPerHourCents;
}
