// What occupies a trip, written once. The repositories compose these SQL fragments; none of
// them restates a rule of its own:
// - a booking is sold while its status is one of the domain's REVENUE_STATUSES; it occupies its
//   seats or hours while sold or requested (OCCUPYING_STATUSES: a request-to-book holds them
//   until its owner decides);
// - a shared booking holds its seats while its hold is live (live-hold.ts);
// - a charter claims an hour by an active booking_slots row, which counts while the booking is
//   sold or its hold is live (a lapsed claim is freed by the next claim on the hour);
// - a booking travels on a slot by its shared seats on it or an active hour of its charter.
// Fragments take the alias of the row they read (`b` a bookings row, `bs` a booking_slots row)
// as raw SQL, e.g. sql.raw('b'); the default is the table itself.
import { OCCUPYING_STATUSES, REVENUE_STATUSES } from '@boats/domain/booking-status';
import { sql, type SQL } from 'drizzle-orm';
import { isLiveHold, type Instant } from './live-hold';

const BOOKINGS = sql.raw('"bookings"');
const BOOKING_SLOTS = sql.raw('"booking_slots"');

/** The statuses as an SQL list of constants (no parameters, so prepared statements keep their text). */
const SOLD = sql.raw(`(${REVENUE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

const OCCUPYING = sql.raw(`(${OCCUPYING_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** SQL: the booking is sold (paid, confirmed or completed). */
export function isSold(b: SQL = BOOKINGS): SQL {
  return sql`(${b}.status in ${SOLD})`;
}

/** SQL: the booking keeps its seats or hours from others: sold, or a request awaiting its owner. */
function isOccupying(b: SQL = BOOKINGS): SQL {
  return sql`(${b}.status in ${OCCUPYING})`;
}

/** SQL: the booking is a shared one whose live hold keeps its seats from others. */
export function isSharedHold(now: Instant, b: SQL = BOOKINGS): SQL {
  return sql`(${b}.type = 'shared' and ${isLiveHold(now, b)})`;
}

/** SQL: a charter's claim on an hour counts: active, and its booking occupying or held live. */
export function claimCounts(now: Instant, bs: SQL = BOOKING_SLOTS, b: SQL = BOOKINGS): SQL {
  return sql`(${bs}.active and (${isOccupying(b)} or ${isLiveHold(now, b)}))`;
}

/** SQL: seats held right now on a shared slot by live pending bookings (optionally besides one). */
export function heldSeatsOn(slotId: unknown, now: Instant, besidesBookingId?: unknown): SQL<number> {
  const besides = besidesBookingId === undefined ? sql`` : sql` and b.id <> ${besidesBookingId}`;
  return sql<number>`(select coalesce(sum(b.seats), 0)::int from bookings b
    where b.slot_id = ${slotId} and ${isSharedHold(now, sql.raw('b'))}${besides})`;
}

/** SQL: seats of the shared bookings sold (or requested, awaiting the owner) on a slot. */
export function soldSeatsOn(slotId: unknown): SQL<number> {
  return sql<number>`(select coalesce(sum(b.seats), 0)::int from bookings b
    where b.slot_id = ${slotId} and b.type = 'shared' and ${isOccupying(sql.raw('b'))})`;
}

/**
 * SQL: paid seats (adults + children 6–12) of the bookings sold on a slot: what its minimum to
 * depart counts (domain trip-state).
 */
export function paidSeatsOn(slotId: unknown): SQL<number> {
  const b = sql.raw('b');
  return sql<number>`(select coalesce(sum(b.adults + b.children_50), 0)::int from bookings b
    where ${isSold(b)} and ${isOnSlot(slotId, b)})`;
}

/** SQL: a counting charter claim exists on the slot (sold, or held and unexpired). */
export function charterClaimedOn(slotId: unknown, now: Instant): SQL<boolean> {
  return sql<boolean>`exists (select 1 from booking_slots bs join bookings b on b.id = bs.booking_id
    where bs.slot_id = ${slotId} and ${claimCounts(now, sql.raw('bs'), sql.raw('b'))})`;
}

/**
 * SQL: the booking travels on the slot (shared seats on it, or an active hour of its charter).
 * The charter's bookings are an array worked out first, so both sides of the `or` are index
 * lookups (a bitmap OR of `bookings_slot_idx` and the primary key); an `or exists (…)` on the
 * booking's own id cannot use an index and read every booking once per slot (a day's trips at
 * 300,000 bookings took 15 s).
 */
export function isOnSlot(slotId: unknown, b: SQL = BOOKINGS): SQL {
  return sql`(${b}.slot_id = ${slotId} or ${b}.id = any(array(select bs.booking_id
    from booking_slots bs where bs.slot_id = ${slotId} and bs.active)))`;
}

/** Seats still free on a shared slot: its total, less the seats taken and those held live. */
export function seatsLeft(slot: { seatsTotal: number; seatsTaken: number }, seatsHeld: number): number {
  return slot.seatsTotal - slot.seatsTaken - seatsHeld;
}

/** What a trip offers for sale: its seats left, never below 0; 0 on a charter's hour. */
export function seatsOffered(
  slot: { type: 'private' | 'shared'; seatsTotal: number; seatsTaken: number },
  seatsHeld: number,
): number {
  return slot.type === 'shared' ? Math.max(0, seatsLeft(slot, seatsHeld)) : 0;
}
