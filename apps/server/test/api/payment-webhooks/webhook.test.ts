import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { paymentsOf, refundsOf } from '../../../src/modules/payments/ledger';
import { bookingHistory, bookings, emailOutbox, paymentEvents, tickets } from '../../../src/db/schema';
import { SANDBOX_WEBHOOK_SECRET, signedEvent } from '../../helpers/signed-event';
import {
  CARDS,
  checkoutTestApp,
  confirmReturn,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const SECRET = SANDBOX_WEBHOOK_SECRET;

describe('payment webhook (sandbox provider, Stripe-format signatures)', async () => {
  const { t, db, boat, nextTrip, checkoutOnNextTrip } = await checkoutTestApp({
    SANDBOX_WEBHOOK_SECRET: SECRET,
  });

  /** A shared checkout paid by card whose confirm call has not come yet: the webhook's case. */
  async function paidIntent(email = 'eva@example.com') {
    const checkout = await checkoutOnNextTrip(
      { adults: 2, children50: 1, kidsFree: 0 },
      { customer: { name: 'Eva', email } },
    );
    await payByCard(t.app, checkout.clientSecret);
    return checkout;
  }

  const post = (e: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
      payload: e.payload,
    });

  it('refuses a missing or wrong signature with 400', async () => {
    const { intentId } = await paidIntent();
    const forged = signedEvent(
      'payment_intent.succeeded',
      { id: intentId, object: 'payment_intent' },
      'whsec_wrong',
    );
    expect((await post(forged)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = signedEvent('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
    expect(
      (await post({ ...tampered, payload: tampered.payload.replace('succeeded', 'succeeded ') })).statusCode,
    ).toBe(400);
  });

  it('marks the booking paid on payment_intent.succeeded, and processes each event once', async () => {
    const { intentId, bookingId } = await paidIntent();
    // The event body says nothing about amounts: the server asks the provider.
    const event = signedEvent('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
    const first = await post(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const again = await post(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });

    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('paid');
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, bookingId))).toHaveLength(3);
    const stored = await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.processedAt).not.toBeNull();
    const history = await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId));
    expect(history.at(-1)).toMatchObject({ toStatus: 'paid', actor: 'provider' });
  });

  it('confirm racing the webhook: one booking, one set of tickets, one e-mail', async () => {
    for (let round = 0; round < 5; round++) {
      const { intentId, bookingId } = await paidIntent(`race${round}@example.com`);
      const event = signedEvent('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
      const [confirmed, hooked] = await Promise.all([confirmReturn(t.app, intentId), post(event)]);
      expect(confirmed.statusCode).toBe(200);
      expect([200, 503]).toContain(hooked.statusCode);
      if (hooked.statusCode === 503) expect((await post(event)).statusCode).toBe(200);
      await queueEventEmails(t.ctx);
      expect(await db.select().from(tickets).where(eq(tickets.bookingId, bookingId))).toHaveLength(3);
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId))).toHaveLength(1);
      const paidRows = (
        await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId))
      ).filter((h) => h.toStatus === 'paid');
      expect(paidRows).toHaveLength(1);
    }
  });

  it('records payment_failed without touching the booking, and refunds reported by the provider', async () => {
    const trip = await nextTrip({ hours: 1, seatsTotal: 4, seatPriceCents: 5000 });
    const { clientSecret, bookingId, intentId } = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    await payByCard(t.app, clientSecret, CARDS.declined);
    const failed = signedEvent('payment_intent.payment_failed', { id: intentId, object: 'payment_intent' });
    expect((await post(failed)).json()).toEqual({ received: true });
    const [pending] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(pending?.status).toBe('pending');
    const [stored] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, failed.id));
    expect(stored).toMatchObject({ type: 'payment_intent.payment_failed', paymentIntentId: intentId });
    expect((await paymentsOf(db, bookingId)).map((p) => p.status)).toEqual(['failed']);

    const paid = await paidIntent();
    expect((await confirmReturn(t.app, paid.intentId)).statusCode).toBe(200);
    await t.ctx.payments.refund({
      paymentIntentId: paid.intentId,
      amountCents: 2000,
      idempotencyKey: 'dash-1',
    });
    const refunded = signedEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: paid.intentId,
    });
    expect((await post(refunded)).statusCode).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, paid.bookingId));
    expect(row?.status).toBe('paid');
    expect(await refundsOf(db, paid.bookingId)).toMatchObject([
      { amountCents: 2000, status: 'succeeded', actor: 'provider' },
    ]);
    // The same report again records nothing more.
    const again = signedEvent('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: paid.intentId,
    });
    expect((await post(again)).statusCode).toBe(200);
    expect(await refundsOf(db, paid.bookingId)).toHaveLength(1);
  });

  it('acknowledges events about unknown payments without failing', async () => {
    const other = signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await post(other)).json()).toEqual({ received: true, ignored: true });
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(400);
  });
});
