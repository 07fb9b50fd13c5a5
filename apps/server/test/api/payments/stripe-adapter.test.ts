// The Stripe adapter through the official SDK against a local fake of Stripe's HTTP API;
// webhook signatures made with the SDK's own test helper.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { bookings, tickets } from '../../../src/db/schema';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { STRIPE_TEST_KEYS, stripeTestApp } from '../../helpers/stripe-test-app';
import { ledgerOf, refundsOf } from '../../../src/modules/payments/ledger';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { card, CARDS, createBoat, createSlot, HOUR, sharedRequest } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('Stripe provider (official SDK against a local fake)', async () => {
  const { t, fake } = await stripeTestApp(NOW);
  const db = t.ctx.db;
  const boat = await createBoat(db);
  let offset = 0;

  async function newTrip() {
    offset += 1;
    return createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(DAY.getTime() + offset * 24 * HOUR),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
  }

  const webhook = (type: string, object: Record<string, unknown>, id: string) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE_TEST_KEYS.webhook,
        }),
      },
      payload,
    });
  };

  it('tells the browser to use Stripe with the publishable key, and hides the sandbox', async () => {
    expect((await t.app.inject('/api/payments/config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_TEST_KEYS.publishable,
    });
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret: 'a_secret_b', card: card(CARDS.ok), returnUrl: 'http://localhost:3000/' },
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('creates the intent for the server price with automatic payment methods and the booking id, then confirms once paid', async () => {
    const trip = await newTrip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 1, kidsFree: 1 },
        {
          customer: { name: 'Ana', email: 'ana@example.com' },
        },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, bookingId, amount } = res.json<{
      clientSecret: string;
      bookingId: string;
      amount: number;
    }>();
    const intentId = clientSecret.split('_secret_')[0]!;
    const created = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(created.form.get('amount')).toBe(String(amount));
    expect(created.form.get('currency')).toBe('eur');
    expect(created.form.get('automatic_payment_methods[enabled]')).toBe('true');
    expect(created.form.get('metadata[bookingId]')).toBe(bookingId);
    expect(created.idempotencyKey).toContain(bookingId);
    expect(fake.intents.get(intentId)?.client_secret).toBe(clientSecret);

    // Not paid yet: 402 with Stripe's state, booking untouched.
    const early = await t.app.inject(`/checkout/confirm?payment_intent=${intentId}`);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({ details: { status: 'requires_payment_method' } });

    fake.succeed(intentId);
    const confirmed = await t.app.inject(`/checkout/confirm?payment_intent=${intentId}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ booking: { booking: { _id: bookingId } } });
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, bookingId))).toHaveLength(4);

    // The webhook for the same payment changes nothing more.
    const hook = await webhook(
      'payment_intent.succeeded',
      { id: intentId, object: 'payment_intent' },
      'evt_s_1',
    );
    expect(hook.json()).toEqual({ received: true });
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, bookingId))).toHaveLength(4);

    // A refund made in Stripe's dashboard shows on the booking via charge.refunded.
    await t.ctx.payments.refund({
      paymentIntentId: intentId,
      amountCents: 1000,
      idempotencyKey: 'dash-refund-1',
    });
    const refundHook = await webhook(
      'charge.refunded',
      { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId },
      'evt_s_2',
    );
    expect(refundHook.statusCode).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(await ledgerOf(db, bookingId)).toMatchObject({
      refundedCents: 1000,
      netCents: row!.amountGrossCents - 1000,
    });
    expect(await refundsOf(db, bookingId)).toMatchObject([
      { provider: 'stripe', actor: 'provider', status: 'succeeded' },
    ]);
  });

  it('pays through the webhook alone, with each attempt its own idempotency key', async () => {
    const trip = await newTrip();
    const body = sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 });
    const first = (
      await t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body })
    ).json<{
      clientSecret: string;
    }>();
    const second = (
      await t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body })
    ).json<{
      clientSecret: string;
      bookingId: string;
    }>();
    expect(first.clientSecret).not.toBe(second.clientSecret);
    const keys = fake.requests
      .filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST')
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);

    const intentId = second.clientSecret.split('_secret_')[0]!;
    fake.succeed(intentId);
    const hook = await webhook(
      'payment_intent.succeeded',
      { id: intentId, object: 'payment_intent' },
      'evt_s_3',
    );
    expect(hook.statusCode, hook.body).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, second.bookingId));
    expect(row?.status).toBe('paid');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      payload: JSON.stringify({
        id: 'evt_x',
        type: 'payment_intent.succeeded',
        data: { object: { id: intentId } },
      }),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('releases the hold and answers 502 when Stripe refuses to create the intent', async () => {
    const trip = await newTrip();
    fake.failNextCreate();
    const body = sharedRequest(boat.id, trip, { adults: 10, children50: 0, kidsFree: 0 });
    const refused = await t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: 'provider_unavailable' });
    // The 10 seats are free again for the next customer.
    const retry = await t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body });
    expect(retry.statusCode).toBe(200);
    expect((await t.app.inject('/checkout/confirm?payment_intent=pi_does_not_exist')).statusCode).toBe(404);
  });

  it('cancels the Stripe intent of a lapsed hold, so it cannot be paid late', async () => {
    const trip = await newTrip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }),
    });
    const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
    const intentId = clientSecret.split('_secret_')[0]!;
    t.setNow(new Date(NOW.getTime() + 16 * 60_000));
    try {
      expect((await expireLapsedHolds(t.ctx)).canceled).toBeGreaterThanOrEqual(1);
    } finally {
      t.setNow(NOW);
    }
    expect(fake.intents.get(intentId)?.status).toBe('canceled');
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'canceled', cancelReason: 'hold_expired' });
  });
  it('request-to-book: manual capture through the SDK; accept captures, decline cancels the authorization', async () => {
    const requestBoat = await createBoat(db, { bookingMode: 'request' });
    const admin = bearer(await tokenFor(t, 'admin'));
    const request = async () => {
      offset += 1;
      const trip = await createSlot(db, requestBoat.id, {
        type: 'shared',
        start: new Date(DAY.getTime() + offset * 24 * HOUR),
        hours: 2,
        seatsTotal: 10,
        seatPriceCents: 2500,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/boat/payment-intent',
        payload: sharedRequest(requestBoat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }),
      });
      const { clientSecret, bookingId } = res.json<{ clientSecret: string; bookingId: string }>();
      const intentId = clientSecret.split('_secret_')[0]!;
      expect(fake.requests.at(-1)?.form.get('capture_method')).toBe('manual');
      fake.succeed(intentId);
      const hook = await webhook(
        'payment_intent.amount_capturable_updated',
        { id: intentId, object: 'payment_intent' },
        `evt_r_${intentId}`,
      );
      expect(hook.statusCode).toBe(200);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(row?.status).toBe('requested');
      expect(fake.intents.get(intentId)?.status).toBe('requires_capture');
      return { bookingId, intentId, amount: row!.amountGrossCents };
    };

    const accepted = await request();
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${accepted.bookingId}/accept`,
      headers: admin,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(fake.intents.get(accepted.intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: accepted.amount,
    });
    const capture = fake.requests.find((r) => r.path === `/v1/payment_intents/${accepted.intentId}/capture`);
    expect(capture?.idempotencyKey).toBe(`capture:${accepted.bookingId}`);
    expect((await ledgerOf(db, accepted.bookingId)).receivedCents).toBe(accepted.amount);

    const declined = await request();
    const decline = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${declined.bookingId}/decline`,
      headers: admin,
      payload: { reasonCode: 'crew_unavailable', note: 'Skipper ill' },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(fake.intents.get(declined.intentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect((await ledgerOf(db, declined.bookingId)).receivedCents).toBe(0);
  });
});
