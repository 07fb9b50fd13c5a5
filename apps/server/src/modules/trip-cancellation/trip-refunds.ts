// What both steps after a trip's cancellation share: the canceled trip as the choice rules see
// it, a booking's state in the cancellation, and step 2 (the refunds), which the cancellation,
// the customer's choice of a refund and the resume job all run.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { tripCancellationBookings, tripCancellations } from '../../db/schema';
import { DomainError } from '../../http/errors';
import { findBooking } from '../bookings/booking-repository';
import { refundBooking } from '../bookings/refunds';
import { releaseAuthorization } from '../booking-requests/request-decision';
import type { CanceledTrip } from './trip-change-options';

/** The canceled trip as the choice rules see it: canceled at `canceledAt`, with the site's settings. */
export function canceledTripOf(ctx: AppContext, slotId: string, canceledAt: Date): CanceledTrip {
  return {
    id: slotId,
    canceledAt,
    minimumHours: ctx.config.TRIP_CHANGE_MIN_HOURS,
    otherOwnerDays: ctx.config.CROSS_OWNER_MOVE_DAYS,
    platformFeePercent: ctx.config.PLATFORM_FEE_PERCENT,
  };
}

export async function setState(
  db: Db,
  slotId: string,
  bookingId: string,
  state: (typeof tripCancellationBookings.$inferSelect)['state'],
  now: Date,
) {
  await db
    .update(tripCancellationBookings)
    .set({ state, updatedAt: now })
    .where(
      and(eq(tripCancellationBookings.slotId, slotId), eq(tripCancellationBookings.bookingId, bookingId)),
    );
}

/** Step 2: refunds what is left to refund; safe to run again at any time. */
export async function finishTripRefunds(ctx: AppContext, slotId: string): Promise<void> {
  const [record] = await ctx.db.select().from(tripCancellations).where(eq(tripCancellations.slotId, slotId));
  if (!record) return;
  const left = await ctx.db
    .select()
    .from(tripCancellationBookings)
    .where(and(eq(tripCancellationBookings.slotId, slotId), eq(tripCancellationBookings.state, 'to_refund')));
  for (const row of left) {
    const booking = await findBooking(ctx.db, row.bookingId);
    // A request-to-book canceled with its trip was never paid: its authorization is let go
    // (nothing charged; a capture that raced through is refunded by the same call).
    if (booking && booking.paidAt === null && booking.providerPaymentId) {
      if ((await releaseAuthorization(ctx, booking)) === 'pending') continue;
    }
    try {
      const outcome = await refundBooking(ctx, row.bookingId, {
        actor: record.actor,
        // The ledger's line: the internal note, else the standard reason.
        reason: record.reason || `Trip canceled: ${record.reasonCode ?? record.cause}`,
        cause: record.cause,
        idempotencyKey: `trip-cancel:${slotId}:${row.bookingId}`,
      });
      // Pending (provider unreachable) stays to_refund: the next run or the reconciliation
      // finishes it. Succeeded or refused, the ledger holds the answer.
      if (outcome.status !== 'pending')
        await setState(ctx.db, slotId, row.bookingId, 'refund_answered', ctx.now());
    } catch (err) {
      // Nothing left to refund: an earlier run (or the operator by hand) already gave it all back.
      if (err instanceof DomainError && err.code === 'nothing_to_refund') {
        await setState(ctx.db, slotId, row.bookingId, 'refund_answered', ctx.now());
      } else throw err;
    }
  }
}
