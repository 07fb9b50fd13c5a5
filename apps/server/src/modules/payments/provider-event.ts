import type Stripe from 'stripe';
import { badRequest } from '../../http/errors';
import type { ProviderEvent } from './payment-provider';

/**
 * The payment intent an event concerns: the object itself for payment_intent.* events, the
 * object's `payment_intent` for charges and refunds.
 */
function eventFromPayload(event: { id: string; type: string; data: { object: unknown } }): ProviderEvent {
  const object = event.data.object as { id?: unknown; object?: unknown; payment_intent?: unknown };
  const intent =
    object.object === 'payment_intent' && typeof object.id === 'string'
      ? object.id
      : typeof object.payment_intent === 'string'
        ? object.payment_intent
        : undefined;
  return { id: event.id, type: event.type, ...(intent ? { paymentIntentId: intent } : {}) };
}

/** Seconds a webhook's signed timestamp may be off, in either direction (Stripe's default). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe-format signature and answers the event. Stripe's SDK refuses timestamps older
 * than the tolerance only; one far in the future (a signed event kept for a later replay) is
 * refused here too.
 */
export function verifiedWebhookEvent(
  webhooks: Stripe.Webhooks,
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signatureHeader) throw badRequest('signature_missing', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw badRequest('signature_invalid', 'Webhook signature does not verify');
  }
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1]);
  if (!(signedAt <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)) {
    throw badRequest('signature_invalid', 'Webhook timestamp is outside the tolerance zone');
  }
  return eventFromPayload(event);
}
