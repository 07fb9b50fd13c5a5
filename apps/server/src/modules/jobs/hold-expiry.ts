// Lapsed holds become canceled (reason: expired). They already stopped counting the moment
// they lapsed (every capacity check compares hold_expires_at with now); this sweep records it
// and frees the charter claims. Before canceling, the provider is asked whether the payment
// went through after all (a customer who closed the tab after paying): then it is settled.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { recordBookingTransition } from '../bookings/booking-history';
import { updateBookingRow } from '../bookings/booking-repository';
import { releaseBookingCapacity } from '../bookings/capacity';
import { settleIntent } from '../bookings/payment-confirmation';

const BATCH = 100;

export async function expireLapsedHolds(ctx: AppContext): Promise<{ canceled: number; settled: number }> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: bookings.id, providerPaymentId: bookings.providerPaymentId })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
    .limit(BATCH);
  let canceled = 0;
  let settled = 0;
  for (const booking of due) {
    if (booking.providerPaymentId) {
      const intent = await ctx.payments.retrieveIntent(booking.providerPaymentId).catch(() => undefined);
      if (intent?.status === 'succeeded') {
        await settleIntent(ctx, intent, { actor: 'provider' });
        settled += 1;
        continue;
      }
    }
    const done = await ctx.db.transaction(async (tx) => {
      // Skip a booking a confirmation is working on right now; the next run sees it again.
      const [row] = await tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.id, booking.id),
            eq(bookings.status, 'pending'),
            sql`${bookings.holdExpiresAt} <= ${now.toISOString()}`,
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return false;
      await releaseBookingCapacity(tx, row);
      await updateBookingRow(tx, row.id, { status: 'canceled', cancelReason: 'expired' });
      await recordBookingTransition(tx, {
        bookingId: row.id,
        from: 'pending',
        to: 'canceled',
        actor: 'system',
        reason: 'expired',
        at: now,
      });
      return true;
    });
    if (done) {
      canceled += 1;
      // So the lapsed checkout cannot be paid any more; if it was paid in the meantime, the
      // confirmation refunds it, so a refusal here changes nothing.
      if (booking.providerPaymentId)
        await ctx.payments.cancelIntent?.(booking.providerPaymentId).catch(() => {});
    }
  }
  return { canceled, settled };
}
