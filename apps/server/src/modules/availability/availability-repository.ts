// Slots with what currently occupies them (the rules: occupancy/occupancy.ts). A pending
// booking counts only while its hold is live, so an expired hold stops counting at once.
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, bookingSlots, slots } from '../../db/schema';
import { claimCounts, isSharedHold, paidSeatsOn } from '../occupancy/occupancy';

type SlotRow = typeof slots.$inferSelect;
export type SlotWithOccupancy = SlotRow & {
  /** Seats held by unpaid bookings whose hold has not expired (shared slots). */
  heldSeats: number;
  /** A live hold or a sold booking claims this private slot. */
  occupied: boolean;
};
export type MonthSlot = SlotWithOccupancy & {
  /** When the earliest live hold on this slot lapses (the slot's answer changes then). */
  liveHoldExpiresAt: Date | null;
  /** Shared: paid seats sold, what the minimum to depart counts. */
  paidSeatsSold: number;
};

/**
 * A boat's slots starting in [start, end) with their live holds and claims, in one set-based
 * statement: the holds and claims of the whole range are aggregated once and joined, instead
 * of two correlated subqueries per slot.
 */
export async function slotsWithOccupancy(
  db: Db,
  boatId: string,
  range: { start: Date; end: Date },
  now: Date,
): Promise<MonthSlot[]> {
  // A canceled trip is gone from sale for good (a new slot may have taken its time).
  const inRange = and(
    eq(slots.boatId, boatId),
    gte(slots.startsAt, range.start),
    lt(slots.startsAt, range.end),
    isNull(slots.canceledAt),
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
