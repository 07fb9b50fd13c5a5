// While another transaction holds a booking's row lock (a confirmation in flight), the webhook
// answers 503 so the provider retries, and the retry succeeds once the lock is gone.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../src/db/schema';
import { buildTestApp } from '../helpers/test-app';
import { card, CARDS, createBoat, createSlot, sharedRequest } from '../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const SECRET = 'whsec_lock_test';

describe('webhook on a locked booking (PostgreSQL)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SANDBOX_WEBHOOK_SECRET: SECRET } });
  const db = t.ctx.db;

  it('answers 503 while the booking row is locked, then processes the retry', async () => {
    const boat = await createBoat(db);
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date('2027-06-10T09:00:00Z'),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    });
    const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(CARDS.ok), returnUrl: 'http://localhost:3000/' },
    });
    const intentId = clientSecret.split('_secret_')[0]!;
    const payload = JSON.stringify({
      id: 'evt_lock_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });

    const url = (db as unknown as { $client: pg.Pool }).$client.options.connectionString as string;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from bookings where id = $1 for update', [bookingId]);
      const busy = await send();
      expect(busy.statusCode).toBe(503);
      await locker.query('rollback');
    } finally {
      await locker.end();
    }
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ received: true });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('paid');
  });
});
