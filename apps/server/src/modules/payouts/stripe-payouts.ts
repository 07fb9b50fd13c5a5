// Stripe Connect: each owner is a connected account (Express), onboarded on Stripe's hosted page;
// a payout is one transfer from the platform's balance to that account, with the payout's id as
// the idempotency key. STRIPE_API_BASE points the SDK at a local fake in tests.
import Stripe from 'stripe';
import { tracedCall } from '../../tracing/traced';
import { TransferRefusedError, type PayoutProvider } from './payout-provider';

function clientOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripePayouts(settings: { secretKey: string; apiBase?: string }): PayoutProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiBase));
  return {
    name: 'stripe',
    accountOf: (owner) => owner.payoutAccount,
    async transfer(request) {
      try {
        const transfer = await tracedCall('stripe', 'transfers.create', {}, () =>
          stripe.transfers.create(
            {
              amount: request.amountCents,
              currency: request.currency.toLowerCase(),
              destination: request.account,
              description: request.description,
              transfer_group: request.idempotencyKey,
              metadata: { payoutId: request.idempotencyKey },
            },
            { idempotencyKey: `payout-${request.idempotencyKey}` },
          ),
        );
        return { id: transfer.id };
      } catch (err) {
        // A refusal (4xx) is final; a network error or a 5xx is an outage, retried later.
        if (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 500) < 500) {
          throw new TransferRefusedError(err.message);
        }
        throw err;
      }
    },
    async onboarding(owner, urls) {
      const account =
        owner.payoutAccount ??
        (
          await tracedCall('stripe', 'accounts.create', {}, () =>
            stripe.accounts.create(
              {
                type: 'express',
                country: 'ES',
                email: owner.email,
                capabilities: { transfers: { requested: true } },
                metadata: { ownerId: owner.id },
              },
              { idempotencyKey: `owner-account-${owner.id}` },
            ),
          )
        ).id;
      const link = await tracedCall('stripe', 'accountLinks.create', {}, () =>
        stripe.accountLinks.create({
          account,
          type: 'account_onboarding',
          return_url: urls.returnUrl,
          refresh_url: urls.refreshUrl,
        }),
      );
      return { account, url: link.url };
    },
  };
}
