// The provider's webhook is the source of truth for payments. Each event id is stored once in
// payment_events and processed until it is marked processed; the intent is always retrieved
// from the provider rather than read from the event body.
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../http/errors';
import { recordBookingTransition } from '../bookings/booking-history';
import { lockBookingRow, updateBookingRow } from '../bookings/booking-repository';
import { bookingOfIntent, settleIntent } from '../bookings/payment-confirmation';
import { markEventProcessed, recordEvent } from './payment-event-repository';

function isLockBusy(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '55P03') return true;
  return e.cause !== undefined && e.cause !== err && isLockBusy(e.cause);
}

export type WebhookResult = { received: true; duplicate?: boolean; ignored?: boolean };

export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const event = ctx.payments.verifyWebhook(rawBody, signature);
  const fresh = await recordEvent(ctx.db, {
    ...event,
    provider: ctx.payments.name,
    payload: JSON.parse(rawBody.toString('utf8')) as unknown,
  });
  if (!fresh) return { received: true, duplicate: true };

  let ignored = false;
  try {
    if (!event.paymentIntentId) ignored = true;
    else if (event.type === 'payment_intent.succeeded') {
      const intent = await ctx.payments.retrieveIntent(event.paymentIntentId);
      const booking = await bookingOfIntent(ctx, intent);
      if (booking) await settleIntent(ctx, intent, { actor: 'provider', noWait: true });
      else ignored = true;
    } else if (event.type === 'charge.refunded' || event.type.startsWith('refund.')) {
      await recordRefund(ctx, event.paymentIntentId);
    } else {
      // payment_intent.payment_failed and the rest: the stored event is the record; a failed
      // attempt leaves the booking pending so the customer can try another card.
      ignored = event.type !== 'payment_intent.payment_failed';
    }
  } catch (err) {
    if (isLockBusy(err)) throw serviceUnavailable('The booking is being updated; please retry.');
    throw err;
  }
  await markEventProcessed(ctx.db, event.id);
  return { received: true, ...(ignored ? { ignored: true } : {}) };
}

/** Refunds made at the provider (e.g. in Stripe's dashboard) show on the booking. */
async function recordRefund(ctx: AppContext, intentId: string): Promise<void> {
  const intent = await ctx.payments.retrieveIntent(intentId);
  const found = await bookingOfIntent(ctx, intent);
  const refunded = intent.amountRefundedCents;
  if (!found || refunded === undefined) return;
  await ctx.db.transaction(async (tx) => {
    const row = await lockBookingRow(tx, found.id, { noWait: true });
    if (!row || refunded <= row.amountRefundedCents) return;
    const full = row.amountReceivedCents > 0 && refunded >= row.amountReceivedCents;
    const toRefunded = full && row.status === 'canceled';
    await updateBookingRow(tx, row.id, {
      amountRefundedCents: refunded,
      ...(toRefunded ? { status: 'refunded' as const } : {}),
    });
    if (toRefunded) {
      await recordBookingTransition(tx, {
        bookingId: row.id,
        from: 'canceled',
        to: 'refunded',
        actor: 'provider',
        reason: 'Refund reported by the card provider',
        at: ctx.now(),
      });
    }
  });
}
