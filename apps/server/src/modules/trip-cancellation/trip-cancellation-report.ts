// The operator's report of a trip cancellation: who was affected, what they paid, where each
// refund stands. Polled by the cancel dialog while the cancellation runs.
import { centsToEuros } from '@boats/domain/money';
import { tripCancelReasonCode, type TripCancelReport } from '@boats/domain/schemas/trip-cancellation';
import { and, asc, eq, sql } from 'drizzle-orm';
import { isUuid } from '@boats/domain/schemas/common';
import { canceledCustomerState } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { bookings, tripCancellationBookings, tripCancellations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';
import { bookingReference } from '@boats/domain/booking-reference';
import { tripCancellationTotals } from './trip-cancellation-service';

export async function tripCancellationReport(
  ctx: AppContext,
  scope: OwnerScope,
  slotId: string,
): Promise<TripCancelReport> {
  const [record] = isUuid(slotId)
    ? await ctx.db
        .select()
        .from(tripCancellations)
        .where(
          and(
            eq(tripCancellations.slotId, slotId),
            boatIdInScope(
              scope,
              sql`(select s.boat_id from slots s where s.id = ${tripCancellations.slotId})`,
            ),
          ),
        )
    : [];
  if (!record) throw notFound('Trip cancellation');
  const rows = await ctx.db
    .select({
      row: tripCancellationBookings,
      customerName: bookings.customerName,
      paidAt: bookings.paidAt,
    })
    .from(tripCancellationBookings)
    .innerJoin(bookings, eq(bookings.id, tripCancellationBookings.bookingId))
    .where(eq(tripCancellationBookings.slotId, slotId))
    .orderBy(asc(bookings.customerName));
  return {
    cause: record.cause,
    offer: record.offer,
    reasonCode: tripCancelReasonCode(record.reasonCode),
    reason: record.reason,
    createdAt: record.createdAt.toISOString(),
    bookings: rows.map(({ row, customerName, paidAt }) => ({
      bookingId: row.bookingId,
      ref: bookingReference(row.bookingId),
      customerName,
      paid: centsToEuros(row.paidCents),
      state: canceledCustomerState(row.state, row.paidCents, paidAt === null),
    })),
    totals: await tripCancellationTotals(ctx, slotId),
  };
}
