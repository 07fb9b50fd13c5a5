// The operator's report of a trip cancellation: who was affected, what they paid, where each
// refund stands (the ledger's). Polled by the cancel dialog while the cancellation runs.
import { centsToEuros } from '@boats/domain/money';
import { tripCancelReasonCode, type TripCancelReport } from '@boats/domain/schemas/trip-cancellation';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { findSlotBoatId } from '../bookings/booking-repository';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { bookingReference } from '@boats/domain/booking-reference';
import { cancellationOfTrip } from '../trips/trips-repository';
import { tripCancellationTotals } from './trip-cancellation-service';

export async function tripCancellationReport(
  ctx: AppContext,
  scope: OwnerScope,
  slotId: string,
): Promise<TripCancelReport> {
  // Another owner's trip is not found: nothing of it is read.
  const cancellation =
    isUuid(slotId) && (await findSlotBoatId(ctx.db, scope, slotId))
      ? await cancellationOfTrip(ctx.db, slotId)
      : undefined;
  if (!cancellation) throw notFound('Trip cancellation');
  const { record, customers } = cancellation;
  return {
    cause: record.cause,
    offer: record.offer,
    reasonCode: tripCancelReasonCode(record.reasonCode),
    reason: record.reason,
    createdAt: record.createdAt.toISOString(),
    bookings: customers.map(({ booking, paidCents, state }) => ({
      bookingId: booking.id,
      ref: bookingReference(booking.id),
      customerName: booking.customerName,
      paid: centsToEuros(paidCents),
      state,
    })),
    totals: tripCancellationTotals(customers),
  };
}
