// A provider webhook event signed the way Stripe signs it (the sandbox verifies the same way).
import Stripe from 'stripe';

export const SANDBOX_WEBHOOK_SECRET = 'whsec_test_sandbox_secret';

let eventNo = 0;

export function signedEvent(type: string, object: Record<string, unknown>, secret = SANDBOX_WEBHOOK_SECRET) {
  eventNo += 1;
  const payload = JSON.stringify({
    id: `evt_test_${eventNo}_${Date.now()}`,
    object: 'event',
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature, id: JSON.parse(payload).id as string };
}
