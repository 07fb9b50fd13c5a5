// Seats and charter hours, guarded by the database, never by read-then-write in code:
// - a shared slot's row is locked (SELECT … FOR UPDATE) before its live holds are counted in a
//   fresh statement, so concurrent checkouts for the same trip queue up and each sees the
//   holds committed before it;
// - a charter hour is claimed by a booking_slots row, and the partial unique index on
//   (slot_id) where active refuses a second live claim, whatever the timing.
// Every function takes the caller's transaction (a Db or a transaction handle).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingSlots, bookings, slots } from '../../db/schema';
import { preparedStatement } from '../../db/prepared';
import { conflict } from '../../http/errors';
import { isLapsedHold, isLiveHold } from '../occupancy/live-hold';
import { heldSeatsOn, isSharedHold, isSold, seatsLeft } from '../occupancy/occupancy';

type SlotRow = typeof slots.$inferSelect;

/** Locks slot rows for the rest of the transaction, by id (lock-order.ts). */
export async function lockSlots(tx: Db, slotIds: readonly string[]): Promise<void> {
  if (slotIds.length === 0) return;
  await tx
    .select({ id: slots.id })
    .from(slots)
    .where(inArray(slots.id, [...slotIds]))
    .orderBy(asc(slots.id))
    .for('update');
}

/** Locks a slot row for the rest of the transaction. */
export async function lockSlot(tx: Db, slotId: string): Promise<SlotRow | undefined> {
  const [row] = await lockSlotById(tx, { slotId });
  return row;
}

const lockSlotById = preparedStatement('slot_lock', (db, name) =>
  db
    .select()
    .from(slots)
    .where(eq(slots.id, sql.placeholder('slotId')))
    .for('update')
    .prepare(name),
);

const NOW = sql.placeholder('now');
const SLOT_ID = sql.placeholder('slotId');
const CLIENT_IP = sql.placeholder('clientIp');

/** Live unpaid holds on a shared slot (the bookings that keep its seats from others). */
const liveSharedHoldsOn = sql`${bookings.slotId} = ${SLOT_ID} and ${isSharedHold(NOW)}`;

/** What a new checkout is measured against: live unpaid holds, counted under the caller's locks. */
export type LiveHolds = {
  /** Unpaid checkouts started from the client's address, on any boat. */
  checkoutsOfClient: number;
  /** Seats everybody's live holds take on the shared slot (0 without one). */
  seatsHeld: number;
  /** Of those, the seats the client's address holds. */
  seatsHeldByClient: number;
};

/**
 * The live holds a checkout must respect, in one statement. Call it after taking the client
 * address's lock and the shared slot's (a fresh statement under the locks sees every hold
 * committed before them); `slotId` null for a charter, whose hours the database guards itself.
 */
export async function liveHoldsUnderLock(
  tx: Db,
  hold: { clientIp: string; slotId: string | null; now: Date },
): Promise<LiveHolds> {
  const [row] = await countLiveHolds(tx, {
    clientIp: hold.clientIp,
    slotId: hold.slotId,
    now: hold.now.toISOString(),
  });
  return row ?? { checkoutsOfClient: 0, seatsHeld: 0, seatsHeldByClient: 0 };
}

const countLiveHolds = preparedStatement('live_holds', (db, name) =>
  db
    .select({
      checkoutsOfClient: sql<number>`(select count(*)::int from bookings b
        where b.client_ip = ${CLIENT_IP} and ${isLiveHold(NOW, sql.raw('b'))})`,
      seatsHeld: sql<number>`coalesce(sum(${bookings.seats}), 0)::int`,
      seatsHeldByClient: sql<number>`coalesce(sum(${bookings.seats}) filter (where ${bookings.clientIp} = ${CLIENT_IP}), 0)::int`,
    })
    .from(bookings)
    .where(liveSharedHoldsOn)
    .prepare(name),
);

/**
 * Checks, under the slot's row lock, that `seats` more fit on a shared slot next to the seats
 * live holds take; throws 409 when they do not. The caller then inserts its pending booking in
 * the same transaction, which is what holds the seats.
 */
export function assertSeatsFit(slot: SlotRow, seats: number, seatsHeld: number): void {
  const left = seatsLeft(slot, seatsHeld);
  if (seats > left) {
    throw conflict('tooManySeats', seatsLeftMessage(left), {
      seatsLeft: Math.max(0, left),
      requested: seats,
    });
  }
}

export function seatsLeftMessage(left: number): string {
  return left > 0 ? `Only ${left} seat${left === 1 ? '' : 's'} left on this trip.` : 'This trip is sold out.';
}

/**
 * Frees charter hours whose unpaid hold has lapsed, so a new claim on them can succeed. The
 * lapsed bookings themselves are canceled by the hold-expiry sweep.
 */
async function deactivateExpiredClaims(tx: Db, slotIds: string[], now: Date): Promise<void> {
  if (slotIds.length === 0) return;
  await tx
    .update(bookingSlots)
    .set({ active: false })
    .where(
      and(
        inArray(bookingSlots.slotId, slotIds),
        eq(bookingSlots.active, true),
        sql`${bookingSlots.bookingId} in (select id from bookings where ${isLapsedHold(now)})`,
      ),
    );
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23505') return true;
  return e.cause !== undefined && e.cause !== err && isUniqueViolation(e.cause);
}

const HOURS_TAKEN = 'Some of these hours were just taken by another customer. Please choose another time.';

/**
 * Claims charter hours for a booking whose slot rows the caller has locked (lockSlots), so two
 * overlapping charters queue on their first common slot; the loser gets 409.
 */
export async function claimCharterSlots(
  tx: Db,
  bookingId: string,
  chain: readonly { id: string }[],
  now: Date,
): Promise<void> {
  const ids = chain.map((s) => s.id);
  await deactivateExpiredClaims(tx, ids, now);
  try {
    // A savepoint, so the caller's transaction survives the refusal and can answer cleanly.
    await tx.transaction(async (sp) => {
      await sp.insert(bookingSlots).values(ids.map((slotId) => ({ bookingId, slotId, active: true })));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('slots_unavailable', HOURS_TAKEN);
    throw err;
  }
}

type CapacityBooking = {
  id: string;
  type: 'private' | 'shared';
  slotId: string | null;
  seats: number;
};

/** The seats a shared sale took: their numbers and the slot's seat price, for the tickets. */
export type SoldSeats = { seatNos: number[]; seatPriceCents: number };

/**
 * Turns a booking's hold into a sale at payment. Shared: checks its seats still fit next to
 * everybody else's live holds (they always do while its own hold is live); the status change
 * that follows adds them to seats_taken (the database's trigger, migration 0025).
 * Charter: makes sure its claims are active, re-claiming hours a lapsed hold lost if nobody
 * took them. Returns false when the capacity was resold meanwhile, or the trip was canceled;
 * nothing is changed then.
 * A shared sale answers its seats (read under the slot's lock, so nobody reads the slot again).
 */
export async function sellHeldCapacity(
  tx: Db,
  booking: CapacityBooking,
  now: Date,
): Promise<{ ok: true; seats: SoldSeats | null } | { ok: false }> {
  if (booking.type === 'shared') {
    if (!booking.slotId) return { ok: false };
    const slot = await lockSlot(tx, booking.slotId);
    // A trip canceled (weather, minimum) while this hold waited for its card is not sold.
    if (!slot || slot.canceledAt) return { ok: false };
    const [taken] = await seatsTakenBesides(tx, {
      slotId: slot.id,
      bookingId: booking.id,
      now: now.toISOString(),
    });
    const others = taken?.heldByOthers ?? 0;
    if (booking.seats > seatsLeft(slot, others)) return { ok: false };
    const seatNos = freeSeatNumbers(slot, taken?.ticketSeats ?? [], booking.seats);
    return { ok: true, seats: { seatNos, seatPriceCents: slot.seatPriceCents } };
  }
  // The claimed hours' slot rows are locked like a shared trip's row (by id: lock-order.ts), so
  // a trip cancellation running now waits or is seen.
  const claims = await tx
    .select({ slotId: bookingSlots.slotId, active: bookingSlots.active, canceledAt: slots.canceledAt })
    .from(bookingSlots)
    .innerJoin(slots, eq(slots.id, bookingSlots.slotId))
    .where(eq(bookingSlots.bookingId, booking.id))
    .orderBy(asc(slots.id))
    .for('update', { of: slots });
  const lost = claims.filter((c) => !c.active).map((c) => c.slotId);
  if (claims.length === 0) return { ok: false };
  if (claims.some((c) => c.canceledAt !== null)) return { ok: false };
  if (lost.length === 0) return { ok: true, seats: null };
  await deactivateExpiredClaims(tx, lost, now);
  try {
    await tx.transaction(async (sp) => {
      await sp
        .update(bookingSlots)
        .set({ active: true })
        .where(and(eq(bookingSlots.bookingId, booking.id), inArray(bookingSlots.slotId, lost)));
    });
    return { ok: true, seats: null };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false };
    throw err;
  }
}

/**
 * The seat numbers of a request the owner accepted: its seats are already in seats_taken (taken
 * at the request), so they are numbered under the slot's lock as if they were being sold now.
 * null for a charter (one boarding pass).
 */
export async function seatsOfAcceptedRequest(tx: Db, booking: CapacityBooking): Promise<SoldSeats | null> {
  if (booking.type !== 'shared' || !booking.slotId) return null;
  const slot = await lockSlot(tx, booking.slotId);
  if (!slot) return null;
  const [taken] = await seatsTakenBesides(tx, {
    slotId: slot.id,
    bookingId: booking.id,
    now: new Date(0).toISOString(),
  });
  const others = { ...slot, seatsTaken: Math.max(0, slot.seatsTaken - booking.seats) };
  return {
    seatNos: freeSeatNumbers(others, taken?.ticketSeats ?? [], booking.seats),
    seatPriceCents: slot.seatPriceCents,
  };
}

/**
 * Under the slot's lock, in one statement: the seats other live holds take on it (the sale
 * leaves its own hold out), and the seat numbers its sold tickets carry.
 */
const seatsTakenBesides = preparedStatement('slot_seats_taken', (db, name) =>
  db
    .select({
      heldByOthers: heldSeatsOn(SLOT_ID, NOW, sql.placeholder('bookingId')),
      ticketSeats: sql<number[]>`coalesce((select array_agg(t.seat_no) from tickets t
        inner join bookings b on b.id = t.booking_id
        where b.slot_id = ${SLOT_ID} and ${isSold(sql.raw('b'))}), '{}')`,
    })
    .from(slots)
    .where(eq(slots.id, SLOT_ID))
    .prepare(name),
);

/**
 * Seat numbers for a sale, under the slot's lock: the lowest numbers no live ticket holds,
 * above the seats the operator marked taken by hand (those have no tickets, so they are
 * counted as the first seats). A canceled booking's numbers become free again.
 */
function freeSeatNumbers(slot: SlotRow, ticketSeats: readonly number[], count: number): number[] {
  const used = new Set(ticketSeats);
  let next = Math.max(0, slot.seatsTaken - used.size);
  const seatNos: number[] = [];
  while (seatNos.length < count) {
    next += 1;
    if (!used.has(next)) seatNos.push(next);
  }
  return seatNos;
}

/**
 * Gives a charter's hours back: call it in the transaction that cancels the booking. A shared
 * booking's seats need nothing here: its status change gives them back to seats_taken (the
 * database's trigger), and a pending booking's only held seats free themselves.
 */
export async function releaseBookingCapacity(tx: Db, booking: CapacityBooking): Promise<void> {
  if (booking.type === 'shared') return;
  await tx.update(bookingSlots).set({ active: false }).where(eq(bookingSlots.bookingId, booking.id));
}
