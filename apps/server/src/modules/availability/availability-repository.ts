// Slots with what currently occupies them. A pending booking counts only while its hold is
// live (hold_expires_at > now), so an expired hold stops counting at once, before any sweep.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slots } from '../../db/schema';
import { isLiveHold } from '../bookings/live-hold';

export type SlotRow = typeof slots.$inferSelect;
export type SlotWithOccupancy = SlotRow & {
  /** Seats held by unpaid bookings whose hold has not expired (shared slots). */
  heldSeats: number;
  /** A live hold or a sold booking claims this private slot. */
  occupied: boolean;
};

/** SQL: seats held right now on a shared slot by live pending bookings. */
export function liveHeldSeatsSql(slotId: unknown, now: Date) {
  return sql<number>`(select coalesce(sum(b.seats), 0)::int from bookings b
    where b.slot_id = ${slotId} and b.type = 'shared' and ${isLiveHold(now, sql.raw('b'))})`;
}

/** SQL: whether a live claim (sold, or held and unexpired) exists on a private slot. */
export function privateOccupiedSql(slotId: unknown, now: Date) {
  return sql<boolean>`exists (select 1 from booking_slots bs join bookings b on b.id = bs.booking_id
    where bs.slot_id = ${slotId} and bs.active and (b.status <> 'pending' or ${isLiveHold(now, sql.raw('b'))}))`;
}

export async function slotsWithOccupancy(
  db: Db,
  boatId: string,
  range: { start: Date; end: Date },
  now: Date,
): Promise<SlotWithOccupancy[]> {
  return db
    .select({
      id: slots.id,
      boatId: slots.boatId,
      type: slots.type,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      isOpen: slots.isOpen,
      seatPriceCents: slots.seatPriceCents,
      seatsTotal: slots.seatsTotal,
      seatsTaken: slots.seatsTaken,
      createdAt: slots.createdAt,
      updatedAt: slots.updatedAt,
      // Qualified by hand: inside the subqueries a bare "id" would mean the booking's id.
      heldSeats: liveHeldSeatsSql(sql.raw('"slots"."id"'), now),
      occupied: privateOccupiedSql(sql.raw('"slots"."id"'), now),
    })
    .from(slots)
    .where(and(eq(slots.boatId, boatId), gte(slots.startsAt, range.start), lt(slots.startsAt, range.end)))
    .orderBy(asc(slots.startsAt));
}
