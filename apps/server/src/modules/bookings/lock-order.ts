// The one lock order (docs/architecture.md#concurrency): a path that locks several rows locks
// trips (slot rows) by id, then bookings by id, then ledger rows. A booking's status change that
// touches its trip (a sale counts seats on it, a cancellation gives them back) therefore locks
// the trip's rows before the booking's, here, so the operator cancelling a trip and a customer
// cancelling or paying on it queue on the trip instead of waiting on each other in a circle.
//
// A promo code's row (promo-codes/promo-code-repository.ts lockPromoCode) comes after the trip's
// rows and the booking's: a checkout locks its client address, the trip's rows, then the code's
// row, and inserts its booking under that lock; saving a checkout's contact details, and selling
// a lapsed hold paid late (after its payment row), lock the trip, the booking, then the code's
// row. No path holds a code's row and then waits for a trip, a booking or a payment row, so ten
// checkouts racing for a code's last use queue on the code and one gets it.
//
// A gift voucher's row (gift-vouchers/gift-voucher-repository.ts lockGiftVoucher) comes after a
// promo code's: the checkout reserves the voucher's balance under it and inserts its booking and
// the held redemption before releasing it. Releasing, selling or refunding a voucher's part
// writes ledger rows of a booking already locked and never takes the voucher's lock.
import { asc, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { bookingSlots, bookings, slots } from '../../db/schema';
import {
  BOOKING_ID_OF_INTENT,
  lockBookingOfIntent,
  lockBookingRow,
  type BookingRow,
} from './booking-repository';

/**
 * The booking changed trips (a weather move) between the lock of its trip and its own: the
 * transaction is retried from the start like a serialization failure (db/client.ts), and then
 * locks the new trip first.
 */
class BookingMovedWhileLocking extends Error {
  readonly code = '40001';
  constructor() {
    super('the booking changed trips while it was being locked');
  }
}

/** Locks, by id, the slot rows of the booking `bookingId` names: its shared trip, or its charter's hours. */
function tripLock(name: string, bookingId: SQL) {
  return preparedStatement(name, (db, n) =>
    db
      .select({ id: slots.id })
      .from(slots)
      .where(
        sql`${slots.id} in (select b.slot_id from bookings b where b.id = ${bookingId}
          union select bs.slot_id from booking_slots bs where bs.booking_id = ${bookingId})`,
      )
      .orderBy(asc(slots.id))
      .for('update')
      .prepare(n),
  );
}

const lockTripOfBooking = tripLock('trip_lock_of_booking', sql`${sql.placeholder('id')}::uuid`);
const lockTripOfIntent = tripLock('trip_lock_of_intent', BOOKING_ID_OF_INTENT);

function checkSameTrip(row: BookingRow | undefined, locked: { id: string }[]): BookingRow | undefined {
  if (row?.slotId && !locked.some((s) => s.id === row.slotId)) throw new BookingMovedWhileLocking();
  return row;
}

/** Locks a booking's trip rows, then the booking (undefined when there is no such booking). */
export async function lockBookingWithTrip(
  tx: Db,
  bookingId: string,
  options: { noWait?: boolean } = {},
): Promise<BookingRow | undefined> {
  const locked = await lockTripOfBooking(tx, { id: bookingId });
  return checkSameTrip(await lockBookingRow(tx, bookingId, options), locked);
}

/** lockBookingWithTrip for the booking a provider intent pays for (booking-repository.ts). */
export async function lockBookingOfIntentWithTrip(
  tx: Db,
  intentId: string,
  metadataBookingId: string | null,
  options: { noWait?: boolean } = {},
): Promise<BookingRow | undefined> {
  const locked = await lockTripOfIntent(tx, { intentId, metadataBookingId });
  return checkSameTrip(await lockBookingOfIntent(tx, intentId, metadataBookingId, options), locked);
}

/**
 * Locks the trip rows of several bookings (shared trips and charter hours, all by id), then the
 * bookings by id: a change of date paid by card moves a booking onto the trip its hold keeps, so
 * both bookings' trips are locked before either booking. Answers the rows found, by id.
 */
export async function lockBookingsWithTrips(
  tx: Db,
  bookingIds: readonly string[],
): Promise<Map<string, BookingRow>> {
  const ids = [...new Set(bookingIds)].sort();
  const locked = await tx
    .select({ id: slots.id })
    .from(slots)
    .where(
      or(
        inArray(slots.id, tx.select({ id: bookings.slotId }).from(bookings).where(inArray(bookings.id, ids))),
        inArray(
          slots.id,
          tx
            .select({ id: bookingSlots.slotId })
            .from(bookingSlots)
            .where(inArray(bookingSlots.bookingId, ids)),
        ),
      ),
    )
    .orderBy(asc(slots.id))
    .for('update');
  const rows = new Map<string, BookingRow>();
  for (const id of ids) {
    const row = checkSameTrip(await lockBookingRow(tx, id), locked);
    if (row) rows.set(id, row);
  }
  return rows;
}
