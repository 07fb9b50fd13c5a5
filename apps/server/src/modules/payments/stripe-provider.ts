// Stripe through its official SDK: automatic payment methods, the Payment Element in the
// browser, signed webhooks. STRIPE_API_BASE points the SDK elsewhere (tests use a local fake).
import Stripe from 'stripe';
import { DomainError } from '../../http/errors';
import { tracedCall } from '../../tracing/traced';
import type { IntentStatus, PaymentProvider, ProviderIntent } from './payment-provider';
import { verifiedWebhookEvent } from './provider-event';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBase?: string;
};

function clientOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...base,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const charge = typeof pi.latest_charge === 'object' && pi.latest_charge ? pi.latest_charge : null;
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status as IntentStatus,
    amountCents: pi.amount,
    amountReceivedCents: pi.amount_received,
    ...(charge ? { amountRefundedCents: charge.amount_refunded } : {}),
    currency: pi.currency,
    metadata: pi.metadata,
    ...(pi.last_payment_error?.message ? { lastError: pi.last_payment_error.message } : {}),
    ...(typeof pi.payment_method === 'string'
      ? { paymentMethodId: pi.payment_method }
      : pi.payment_method
        ? { paymentMethodId: pi.payment_method.id }
        : {}),
  };
}

/**
 * One call to Stripe, a span of the request's trace named by `operation` when tracing is on.
 * Stripe's refusals become our errors: 404 stays 404, anything else is a 502 naming Stripe.
 */
async function call<T>(operation: string, request: () => Promise<T>): Promise<T> {
  try {
    return await tracedCall('stripe', operation, {}, request);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      if (err.statusCode === 404) throw new DomainError(404, 'not_found', 'Payment not found');
      throw new DomainError(502, 'provider_error', `The card provider refused the request: ${err.message}`);
    }
    throw err;
  }
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  return {
    name: 'stripe',
    publicConfig: () => ({ provider: 'stripe', publishableKey: settings.publishableKey }),

    async createIntent(input) {
      const pi = await call('paymentIntents.create', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
            // Request-to-book: the card is authorized, captured when the owner accepts.
            ...(input.captureMethod === 'manual' ? { capture_method: 'manual' as const } : {}),
            // The security deposit: the card is saved to the customer for the later off-session
            // authorisation (3-D Secure now, when the bank asks, not later).
            ...(input.saveCardFor
              ? { customer: input.saveCardFor, setup_future_usage: 'off_session' as const }
              : {}),
            ...(input.description ? { description: input.description } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toProviderIntent(pi);
    },

    async createCustomer(input) {
      const customer = await call('customers.create', () =>
        stripe.customers.create(
          {
            // The contact may come after the intent (the payment step's form): only what is known.
            ...(input.email ? { email: input.email } : {}),
            ...(input.name ? { name: input.name } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: customer.id };
    },

    async authoriseOffSession(input) {
      try {
        const pi = await tracedCall('stripe', 'paymentIntents.create', {}, () =>
          stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency,
              customer: input.customerId,
              payment_method: input.paymentMethodId,
              off_session: true,
              confirm: true,
              capture_method: 'manual',
              metadata: input.metadata,
              ...(input.description ? { description: input.description } : {}),
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        if (pi.status === 'requires_capture') return { ok: true, intent: toProviderIntent(pi) };
        return {
          ok: false,
          code: pi.status,
          message: pi.last_payment_error?.message ?? `The authorisation ended ${pi.status}`,
          intentId: pi.id,
        };
      } catch (err) {
        // The bank's refusal (declined, or authentication_required: the customer must be there).
        if (err instanceof Stripe.errors.StripeCardError) {
          const intent = (err.raw as { payment_intent?: { id?: string } }).payment_intent;
          return {
            ok: false,
            code: err.code ?? 'card_declined',
            message: err.message,
            ...(intent?.id ? { intentId: intent.id } : {}),
          };
        }
        if (err instanceof Stripe.errors.StripeError) {
          throw new DomainError(
            502,
            'provider_error',
            `The card provider refused the request: ${err.message}`,
          );
        }
        throw err;
      }
    },

    async retrieveIntent(id) {
      // The charge carries the refunded amount, which the refund webhooks are checked against.
      return toProviderIntent(
        await call('paymentIntents.retrieve', () =>
          stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }),
        ),
      );
    },

    async cancelIntent(id) {
      await call('paymentIntents.cancel', () => stripe.paymentIntents.cancel(id));
    },

    async captureIntent(id, idempotencyKey, amountToCaptureCents) {
      return toProviderIntent(
        await call('paymentIntents.capture', () =>
          stripe.paymentIntents.capture(
            id,
            // Part of it (a deposit kept in part): Stripe releases the rest of the authorisation.
            amountToCaptureCents !== undefined ? { amount_to_capture: amountToCaptureCents } : {},
            { idempotencyKey },
          ),
        ),
      );
    },

    async refund(input) {
      const refund = await call('refunds.create', () =>
        stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifiedWebhookEvent(stripe.webhooks, rawBody, signatureHeader, settings.webhookSecret);
    },
  };
}
