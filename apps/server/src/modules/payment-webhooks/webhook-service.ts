// The provider's webhook is the source of truth for payments. Each event id is stored once in
// payment_events and processed until it is marked processed; the intent is always retrieved
// from the provider rather than read from the event body.
import type { AppContext } from '../../context';
import { serviceUnavailable } from '../../http/errors';
import { settleIntent } from '../bookings/payment-confirmation';
import { markEventProcessed, recordEvent } from '../payments/payment-event-repository';
import { recordProviderRefund } from '../bookings/refunds';
import { settleVoucherSale } from '../gift-vouchers/gift-voucher-service';

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
    else if (event.type.startsWith('payment_intent.')) {
      // Succeeded, failed, canceled …: the ledger records the intent's status; success pays.
      const intent = await ctx.payments.retrieveIntent(event.paymentIntentId);
      const outcome = await settleIntent(ctx, intent, { actor: 'provider', noWait: true });
      // No booking: it may be a gift voucher's sale (docs/payments.md#gift-vouchers).
      if (outcome.kind === 'no_booking')
        ignored = (await settleVoucherSale(ctx, intent)).kind === 'no_voucher';
    } else if (event.type === 'charge.refunded' || event.type.startsWith('refund.')) {
      await recordProviderRefund(ctx, await ctx.payments.retrieveIntent(event.paymentIntentId));
    } else ignored = true;
  } catch (err) {
    if (isLockBusy(err)) throw serviceUnavailable('The booking is being updated; please retry.');
    throw err;
  }
  await markEventProcessed(ctx.db, event.id);
  return { received: true, ...(ignored ? { ignored: true } : {}) };
}
