// Lapsed holds become canceled (code hold_expired). They already stopped counting the moment
// they lapsed (isLiveHold compares hold_expires_at with now); this sweep records it and frees
// the charter claims. Before canceling, the provider is asked whether the payment went through
// after all (a customer who closed the tab after paying): then it is settled.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { transition } from '../bookings/lifecycle';
import { isLapsedHold } from '../occupancy/live-hold';
import { settleIntent, stopIntent } from '../bookings/payment-confirmation';

const BATCH = 100;

export async function expireLapsedHolds(ctx: AppContext): Promise<{ canceled: number; settled: number }> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ id: bookings.id, providerPaymentId: bookings.providerPaymentId })
    .from(bookings)
    .where(isLapsedHold(now))
    .limit(BATCH);
  let canceled = 0;
  let settled = 0;
  for (const booking of due) {
    if (booking.providerPaymentId) {
      const intent = await ctx.payments.retrieveIntent(booking.providerPaymentId).catch(() => undefined);
      // Paid, or (request-to-book) authorized: the booking is settled, not canceled.
      if (intent?.status === 'succeeded' || intent?.status === 'requires_capture') {
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
        .where(and(eq(bookings.id, booking.id), isLapsedHold(now)))
        .for('update', { skipLocked: true });
      if (!row) return false;
      await transition(ctx, tx, row, 'canceled', { actor: 'system', code: 'hold_expired' });
      return true;
    });
    if (done) {
      canceled += 1;
      // So the lapsed checkout cannot be paid any more (or, paid meanwhile, is refunded).
      if (booking.providerPaymentId) await stopIntent(ctx, booking.providerPaymentId);
    }
  }
  return { canceled, settled };
}
