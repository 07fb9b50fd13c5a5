// The customer's side of a weather cancellation with a choice: see the open offer, move to
// another trip of the boat (same booking, same payment, new tickets, the difference refunded)
// or take the refund. An unanswered offer is refunded at its deadline by the jobs. The offer
// row is locked while it is decided, so a customer's answer and the deadline never both win.
import { centsToEuros } from '@boats/domain/money';
import type {
  TripChangeChoice,
  TripChangeOffer,
  TripChangeResult,
} from '@boats/domain/schemas/trip-cancellation';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { slots, tripCancellations, tripChangeOffers } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { isUuid } from '../boats/admin-boat-service';
import { findBooking, lockBookingRow } from '../bookings/booking-repository';
import { moveToTrip } from '../bookings/lifecycle';
import { ledgerOf } from '../payments/ledger';
import { refundBooking } from '../payments/refunds';
import { canceledTripOf, finishTripRefunds, setState } from './trip-cancellation-service';
import { moveOptions } from './trip-change-options';

type OfferRow = typeof tripChangeOffers.$inferSelect;

async function openOfferRow(
  db: Db,
  bookingId: string,
  now: Date,
  lock = false,
): Promise<OfferRow | undefined> {
  if (!isUuid(bookingId)) return undefined;
  const query = db
    .select()
    .from(tripChangeOffers)
    .where(and(eq(tripChangeOffers.bookingId, bookingId), isNull(tripChangeOffers.decidedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row && row.deadline.getTime() > now.getTime() ? row : undefined;
}

async function canceledTrip(ctx: AppContext, db: Db, slotId: string) {
  const [row] = await db
    .select({
      reason: tripCancellations.reason,
      seatPriceCents: slots.seatPriceCents,
      canceledAt: tripCancellations.createdAt,
    })
    .from(tripCancellations)
    .innerJoin(slots, eq(slots.id, tripCancellations.slotId))
    .where(eq(tripCancellations.slotId, slotId));
  if (!row) throw new Error('offer without its trip cancellation');
  return {
    ...canceledTripOf(ctx, { id: slotId, seatPriceCents: row.seatPriceCents }, row.canceledAt),
    reason: row.reason,
  };
}

/** The open offer of a booking, with the trips it may move to right now; null when none. */
export async function openTripChangeOffer(
  ctx: AppContext,
  bookingId: string,
): Promise<TripChangeOffer | null> {
  const now = ctx.now();
  const offer = await openOfferRow(ctx.db, bookingId, now);
  if (!offer) return null;
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking) return null;
  const trip = await canceledTrip(ctx, ctx.db, offer.slotId);
  const paid = (await ledgerOf(ctx.db, bookingId)).receivedCents;
  const options = await moveOptions(ctx.db, { ...booking, receivedCents: paid }, trip, now);
  return {
    reason: trip.reason,
    deadline: offer.deadline.toISOString(),
    paid: centsToEuros(paid),
    options: options.map((o) => ({
      slotId: o.id,
      start: o.startsAt.toISOString(),
      end: o.endsAt.toISOString(),
      seatPrice: centsToEuros(o.seatPriceCents),
      price: centsToEuros(o.priceCents),
      refundDifference: centsToEuros(paid - o.priceCents),
      // Never later than the customer's own deadline.
      closesAt: new Date(Math.min(o.closesAt.getTime(), offer.deadline.getTime())).toISOString(),
    })),
  };
}

export async function chooseTripChange(
  ctx: AppContext,
  bookingId: string,
  choice: TripChangeChoice,
): Promise<TripChangeResult> {
  const now = ctx.now();
  const decided = await ctx.db.transaction(async (tx) => {
    const offer = await openOfferRow(tx, bookingId, now, true);
    if (!offer)
      throw conflict(
        'offer_closed',
        'This choice is no longer open: the booking has been refunded or moved.',
      );
    const booking = await lockBookingRow(tx, bookingId);
    if (!booking) throw notFound('Booking');
    const start = booking.startsAt.toISOString();
    if (choice.choice === 'refund') {
      await tx
        .update(tripChangeOffers)
        .set({ decidedAt: now })
        .where(eq(tripChangeOffers.bookingId, bookingId));
      await setState(tx, offer.slotId, bookingId, 'to_refund', now);
      return { offer, movedTo: null, start };
    }
    const trip = await canceledTrip(ctx, tx, offer.slotId);
    const paid = (await ledgerOf(tx, bookingId)).receivedCents;
    const target = (await moveOptions(tx, { ...booking, receivedCents: paid }, trip, now)).find(
      (o) => o.id === choice.slotId,
    );
    if (!target)
      throw conflict('trip_unavailable', 'This trip cannot be chosen any more; please pick another one.');
    const moved = await moveToTrip(ctx, tx, booking, target, {
      actor: 'customer',
      code: 'trip_moved',
      params: { from: start, to: target.startsAt.toISOString() },
    });
    await tx
      .update(tripChangeOffers)
      .set({ decidedAt: now, movedToSlotId: target.id })
      .where(eq(tripChangeOffers.bookingId, bookingId));
    await setState(tx, offer.slotId, bookingId, 'moved', now);
    return { offer, movedTo: moved, start: moved.startsAt.toISOString() };
  });

  if (!decided.movedTo) {
    const before = (await ledgerOf(ctx.db, bookingId)).refundedCents;
    await finishTripRefunds(ctx, decided.offer.slotId);
    const after = await ledgerOf(ctx.db, bookingId);
    return { result: 'refunded', refunded: centsToEuros(after.refundedCents - before), start: decided.start };
  }
  // The new trip costs less: the difference goes back to the card the trip was paid with.
  const ledger = await ledgerOf(ctx.db, bookingId);
  const difference = ledger.netCents - decided.movedTo.amountGrossCents;
  if (difference > 0) {
    await refundBooking(ctx, bookingId, {
      amountCents: difference,
      actor: 'customer',
      reason: 'Moved to a cheaper trip after a weather cancellation',
      cause: 'trip_change',
      idempotencyKey: `trip-move:${bookingId}`,
    });
  }
  return { result: 'moved', refunded: centsToEuros(Math.max(0, difference)), start: decided.start };
}

/** Offers whose deadline passed unanswered become refunds (several instances: SKIP LOCKED). */
export async function expireTripChangeOffers(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(tripChangeOffers)
      .where(and(isNull(tripChangeOffers.decidedAt), lte(tripChangeOffers.deadline, now)))
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await tx
        .update(tripChangeOffers)
        .set({ decidedAt: now })
        .where(eq(tripChangeOffers.bookingId, row.bookingId));
      await setState(tx, row.slotId, row.bookingId, 'to_refund', now);
    }
    return rows;
  });
  for (const slotId of new Set(expired.map((r) => r.slotId))) await finishTripRefunds(ctx, slotId);
  return expired.length;
}
