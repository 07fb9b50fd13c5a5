// What a trip cancellation would do, shown in the operator's dialog before confirming: for each
// customer what they paid and, with a choice, until when they may choose (their own deadline,
// from the trips that would be offered to them) or that they are refunded at once because no
// trip has room for them. The same rules as the cancellation itself, at the same clock.
import { bookingReference } from '@boats/domain/booking-reference';
import { centsToEuros } from '@boats/domain/money';
import type { TripCancelPreview } from '@boats/domain/schemas/trip-cancellation';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { slots } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';
import { ledgerOf } from '../payments/ledger';
import { requestedBookingsOnSlot, soldBookingsOnSlot } from '../trips/trips-repository';
import { moveOptions, offerDeadline } from './trip-change-options';
import { canceledTripOf } from './trip-refunds';

export async function previewTripCancellation(
  ctx: AppContext,
  scope: OwnerScope,
  slotId: string,
): Promise<TripCancelPreview> {
  const [slot] = isUuid(slotId)
    ? await ctx.db
        .select()
        .from(slots)
        .where(and(eq(slots.id, slotId), boatIdInScope(scope, slots.boatId)))
    : [];
  if (!slot) throw notFound('Trip');
  if (slot.canceledAt) throw conflict('trip_canceled', 'This trip is canceled already');
  const now = ctx.now();
  const canceled = canceledTripOf(ctx, slotId, now);
  const customers = [];
  for (const { booking } of await soldBookingsOnSlot(ctx.db, slotId)) {
    const held = (await ledgerOf(ctx.db, booking.id)).refundableCents;
    const options = booking.type === 'shared' ? await moveOptions(ctx.db, booking, canceled, held, now) : [];
    const deadline = offerDeadline(options, canceled);
    customers.push({
      bookingId: booking.id,
      ref: bookingReference(booking.id),
      customerName: booking.customerName,
      paid: centsToEuros(booking.receivedCents),
      choiceDeadline: deadline?.toISOString() ?? null,
      trips: deadline ? options.length : 0,
      request: false,
    });
  }
  for (const booking of await requestedBookingsOnSlot(ctx.db, slotId)) {
    customers.push({
      bookingId: booking.id,
      ref: bookingReference(booking.id),
      customerName: booking.customerName,
      paid: 0,
      choiceDeadline: null,
      trips: 0,
      request: true,
    });
  }
  return { minimumHours: ctx.config.TRIP_CHANGE_MIN_HOURS, customers };
}
