// The provider's webhook is the source of truth for payments. Each event id is stored once in
// payment_events and processed until it is marked processed; the intent is always retrieved
// from the provider rather than read from the event body.
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../http/errors';
import { bookingOfIntent, settleIntent } from '../bookings/payment-confirmation';
import { markEventProcessed, recordEvent } from './payment-event-repository';
import { recordProviderRefund } from './refunds';

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
      await recordProviderRefund(ctx, await ctx.payments.retrieveIntent(event.paymentIntentId));
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
