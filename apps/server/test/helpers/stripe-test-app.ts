// The app paying through the official Stripe SDK against a fresh local fake of Stripe's HTTP API
// (stripe-fake.ts), closed after the file: what every test of the Stripe adapter starts from.
import { afterAll } from 'vitest';
import { startStripeFake } from './stripe-fake';
import { buildTestApp } from './test-app';

/** The keys the app is given; the fake checks the secret, the tests sign webhooks with `webhook`. */
export const STRIPE_TEST_KEYS = {
  secret: 'sk_test_fake',
  publishable: 'pk_test_fake',
  webhook: 'whsec_fake',
};

export async function stripeTestApp(now: Date) {
  const fake = await startStripeFake(STRIPE_TEST_KEYS.secret);
  afterAll(() => fake.close());
  const t = await buildTestApp({
    template: 'empty',
    now,
    env: {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhook,
      STRIPE_API_BASE: fake.url,
    },
  });
  return { t, fake };
}
