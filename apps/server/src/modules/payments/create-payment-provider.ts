import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';
import { createStripeProvider } from './stripe-provider';

/**
 * Stripe when its three keys are set (config checks they come together) and PAYMENTS is not
 * `sandbox`, else the sandbox (which production takes only with PAYMENTS=sandbox: config.ts).
 */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (
    !config.testBookings &&
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_PUBLISHABLE_KEY &&
    config.STRIPE_WEBHOOK_SECRET
  ) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
    });
  }
  return createSandboxProvider(db, config.sandboxWebhookSecret);
}
