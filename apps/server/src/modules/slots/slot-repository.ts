// Queries for the admin availability panel: a slot with the seats sold and held on it, and the
// bookings on it (sold, held, on it: the rules of occupancy/occupancy.ts).
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TripCancelCause } from '@boats/domain/schemas/trips';
import { bookings, slots, tripCancellations } from '../../db/schema';
import { isLiveHold } from '../occupancy/live-hold';
import { charterClaimedOn, heldSeatsOn, isOnSlot, isSold, soldSeatsOn } from '../occupancy/occupancy';

export type SlotRow = typeof slots.$inferSelect;
export type NewSlotRow = typeof slots.$inferInsert;
type SlotUsage = {
  /** Seats of shared bookings that are paid, confirmed or completed. */
  seatsSold: number;
  /** Seats of shared bookings still in checkout with a live hold. */
  seatsHeld: number;
  /** A sale or a live hold claims this private slot. */
  occupied: boolean;
};
export type AdminSlotRow = SlotRow &
  SlotUsage & {
    /** Why the trip was canceled, when it was (the cancellation's record). */
    cancelCause?: TripCancelCause | null;
  };
export type PaidBookingRef = { id: string; customerName: string; status: string };

const SLOT_ID = sql.raw('"slots"."id"');

function usageColumns(now: Date) {
  return {
    seatsSold: soldSeatsOn(SLOT_ID),
    seatsHeld: heldSeatsOn(SLOT_ID, now),
    occupied: charterClaimedOn(SLOT_ID, now),
  };
}

/** Slots of a boat starting inside [start, end] (both inclusive: `end` is a month's last ms). */
export async function listSlotsStartingIn(
  db: Db,
  boatId: string,
  range: { start: Date; end: Date },
  now: Date,
): Promise<AdminSlotRow[]> {
  const rows = await db
    .select({ slot: slots, cancelCause: tripCancellations.cause })
    .from(slots)
    .leftJoin(tripCancellations, eq(tripCancellations.slotId, slots.id))
    .where(and(eq(slots.boatId, boatId), gte(slots.startsAt, range.start), lte(slots.startsAt, range.end)))
    .orderBy(asc(slots.startsAt));
  const causes = new Map(rows.map((r) => [r.slot.id, r.cancelCause]));
  return (
    await withUsage(
      db,
      rows.map((r) => r.slot),
      now,
    )
  ).map((row) => ({
    ...row,
    cancelCause: causes.get(row.id) ?? null,
  }));
}

export async function withUsage(db: Db, rows: SlotRow[], now: Date): Promise<AdminSlotRow[]> {
  if (rows.length === 0) return [];
  const usage = await db
    .select({ id: slots.id, ...usageColumns(now) })
    .from(slots)
    .where(
      inArray(
        slots.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(usage.map((u) => [u.id, u]));
  return rows.map((row) => {
    const u = byId.get(row.id);
    return {
      ...row,
      seatsSold: Number(u?.seatsSold ?? 0),
      seatsHeld: Number(u?.seatsHeld ?? 0),
      occupied: Boolean(u?.occupied),
    };
  });
}

/** The slot, locked until the end of the transaction so a checkout cannot change it meanwhile. */
export async function lockSlot(db: Db, boatId: string, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await db
    .select()
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.boatId, boatId)))
    .for('update');
  return row;
}

/**
 * Live slots of the boat that overlap [start, end). A canceled trip no longer takes its time:
 * a new trip may be put in its place (the slots_no_overlap constraint says the same).
 */
export async function slotsOverlapping(db: Db, boatId: string, start: Date, end: Date): Promise<SlotRow[]> {
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.boatId, boatId),
        lt(slots.startsAt, end),
        gt(slots.endsAt, start),
        isNull(slots.canceledAt),
      ),
    );
}

/** Paid, confirmed or completed bookings on the slot: shared seats or a charter covering it. */
export async function paidBookingsOnSlot(db: Db, slotId: string): Promise<PaidBookingRef[]> {
  return db
    .select({ id: bookings.id, customerName: bookings.customerName, status: bookings.status })
    .from(bookings)
    .where(and(isSold(), isOnSlot(slotId)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

/** Unpaid bookings whose hold on the slot is still live: a customer is paying right now. */
export async function liveHoldsOnSlot(
  db: Db,
  slotId: string,
  now: Date,
): Promise<{ id: string; holdExpiresAt: Date | null }[]> {
  return db
    .select({ id: bookings.id, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(isLiveHold(now), isOnSlot(slotId)));
}

export async function insertSlot(db: Db, values: NewSlotRow): Promise<SlotRow> {
  const [row] = await db.insert(slots).values(values).returning();
  if (!row) throw new Error('slot insert returned nothing');
  return row;
}

export async function updateSlot(db: Db, id: string, values: Partial<NewSlotRow>): Promise<SlotRow> {
  const [row] = await db.update(slots).set(values).where(eq(slots.id, id)).returning();
  if (!row) throw new Error('slot update returned nothing');
  return row;
}

export async function deleteSlot(db: Db, id: string): Promise<void> {
  await db.delete(slots).where(eq(slots.id, id));
}
