import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PayoutProvider } from './payout-provider';
import { createSandboxPayouts } from './sandbox-payouts';
import { createStripePayouts } from './stripe-payouts';

/** Stripe Connect when the three Stripe keys are set (as for cards), else the sandbox. */
export function createPayoutProvider(config: Config, db: Db): PayoutProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripePayouts({
      secretKey: config.STRIPE_SECRET_KEY,
      ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
    });
  }
  return createSandboxPayouts(db);
}
