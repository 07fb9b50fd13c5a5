import type { ProviderEvent } from './payment-provider';

/**
 * The payment intent an event concerns: the object itself for payment_intent.* events, the
 * object's `payment_intent` for charges and refunds.
 */
export function eventFromPayload(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): ProviderEvent {
  const object = event.data.object as { id?: unknown; object?: unknown; payment_intent?: unknown };
  const intent =
    object.object === 'payment_intent' && typeof object.id === 'string'
      ? object.id
      : typeof object.payment_intent === 'string'
        ? object.payment_intent
        : undefined;
  return { id: event.id, type: event.type, ...(intent ? { paymentIntentId: intent } : {}) };
}
