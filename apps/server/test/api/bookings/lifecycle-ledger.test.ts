// The booking lifecycle and the payments ledger through the public and admin routes, with the
// sandbox provider: the two reproductions of issue 10, refunds (partial, capped, idempotent),
// the reconciliation job, random intent ids, the admin booking details, and the customer
// e-mails rendered from domain events in the booking's language.
import { createHash } from 'node:crypto';
import { adminBookingDetailsSchema } from '@boats/domain/schemas/booking';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingHistory, bookings, domainEvents, emailOutbox } from '../../../src/db/schema';
import { reconcilePayments } from '../../../src/modules/jobs/payment-reconciliation';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { ledgerOf, paymentsOf, refundsOf } from '../../../src/modules/payments/ledger';
import type { PaymentProvider } from '../../../src/modules/payments/payment-provider';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { moneyViolations } from '../../helpers/money-invariants';
import { checkoutTestApp, confirmReturn, payByCard, bookingUrl } from '../../helpers/checkout-fixtures';

describe('booking lifecycle and payments ledger', async () => {
  const { t, db, checkoutOnNextTrip } = await checkoutTestApp({ MAX_LIVE_HOLDS_PER_IP: '1000' });
  const admin = await tokenFor(t, 'admin');
  const realProvider = t.ctx.payments;

  /** A shared-trip checkout of 2 adults (100 €) through the public route. */
  const checkout = (lang: 'en' | 'es' | 'ru' = 'en') =>
    checkoutOnNextTrip(
      { adults: 2, children50: 0, kidsFree: 0 },
      { customer: { name: 'Lucía', email: 'lucia@example.com' }, lang },
    );
  const pay = (clientSecret: string) => payByCard(t.app, clientSecret);
  const confirm = (intentId: string) => confirmReturn(t.app, intentId);
  const release = (id: string) => t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, id, '/release') });
  const adminCall = (action: 'cancel' | 'refund', id: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${id}/${action}`,
      headers: bearer(admin),
      payload,
    });
  const details = async (id: string) => {
    const res = await t.app.inject({ url: `/api/admin/bookings/${id}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return adminBookingDetailsSchema.parse(res.json());
  };
  const statusOf = async (id: string) =>
    (await db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const providerRefunded = async (intentId: string) =>
    (await realProvider.retrieveIntent(intentId)).amountRefundedCents;
  const emailsOf = async (id: string) => {
    await queueEventEmails(t.ctx);
    return db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, id));
  };

  it('reproduction 1: paid, then released before confirm → refunded automatically, and said so only then', async () => {
    const c = await checkout('es');
    expect((await pay(c.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const released = await release(c.bookingId);
    expect(released.statusCode).toBe(200);

    // The release found the payment at the provider and refunded it at once.
    expect(await providerRefunded(c.intentId)).toBe(10_000);
    expect(await statusOf(c.bookingId)).toBe('refunded');
    expect(await ledgerOf(db, c.bookingId)).toMatchObject({
      receivedCents: 10_000,
      refundedCents: 10_000,
      netCents: 0,
    });
    expect(await refundsOf(db, c.bookingId)).toMatchObject([
      { amountCents: 10_000, status: 'succeeded', actor: 'system', cause: 'late_payment' },
    ]);

    // The customer's late confirm hears "refunded" because a refund is recorded.
    const late = await confirm(c.intentId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'booking_released', details: { refund: 'succeeded' } });
    expect(late.json<{ message: string }>().message).toContain('refunded in full');
    // Nothing more is refunded by repeats, and the operator has nothing left to refund.
    expect((await confirm(c.intentId)).statusCode).toBe(409);
    expect(await providerRefunded(c.intentId)).toBe(10_000);
    expect((await adminCall('refund', c.bookingId)).statusCode).toBe(409);
    expect(await refundsOf(db, c.bookingId)).toHaveLength(1);

    // One e-mail: the late payment's refund, in Spanish, with the amount.
    const mails = await emailsOf(c.bookingId);
    expect(mails.map((m) => m.kind)).toEqual(['late_payment_refunded']);
    expect(mails[0]?.subject).toContain('ha sido reembolsado');
    expect(mails[0]?.textBody).toContain('100,00');
    expect(await moneyViolations(db, [c.bookingId])).toEqual([]);
  });

  it('says "on its way" while the refund is pending at the provider, and the job finishes it', async () => {
    const c = await checkout();
    await pay(c.clientSecret);
    // The provider is down for refunds: the refund row stays pending.
    t.ctx.payments = {
      ...realProvider,
      refund: () => Promise.reject(new Error('connect ECONNREFUSED')),
    } satisfies PaymentProvider;
    try {
      await release(c.bookingId);
      const late = await confirm(c.intentId);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ details: { refund: 'pending' } });
      expect(late.json<{ message: string }>().message).toContain('on its way');
      expect(await refundsOf(db, c.bookingId)).toMatchObject([{ status: 'pending', amountCents: 10_000 }]);
      expect(await statusOf(c.bookingId)).toBe('canceled');
    } finally {
      t.ctx.payments = realProvider;
    }
    await reconcilePayments(t.ctx);
    expect(await refundsOf(db, c.bookingId)).toMatchObject([{ status: 'succeeded', amountCents: 10_000 }]);
    expect(await statusOf(c.bookingId)).toBe('refunded');
    expect(await providerRefunded(c.intentId)).toBe(10_000);
    // The job run again moves no more money (the provider call is idempotent per refund row).
    await reconcilePayments(t.ctx);
    expect(await providerRefunded(c.intentId)).toBe(10_000);
  });

  it('reconciliation refunds a payment made after the release when the intent could not be canceled', async () => {
    const c = await checkout();
    // The provider refuses to cancel the intent, so the card form still takes the payment.
    t.ctx.payments = { ...realProvider, cancelIntent: () => Promise.reject(new Error('timeout')) };
    try {
      await release(c.bookingId);
    } finally {
      t.ctx.payments = realProvider;
    }
    expect(await statusOf(c.bookingId)).toBe('canceled');
    expect((await pay(c.clientSecret)).json()).toEqual({ status: 'succeeded' });
    // Nobody calls confirm; the job period comes.
    await reconcilePayments(t.ctx);
    expect(await providerRefunded(c.intentId)).toBe(10_000);
    expect(await statusOf(c.bookingId)).toBe('refunded');
    expect(await moneyViolations(db, [c.bookingId])).toEqual([]);
  });

  it('reproduction 2: a public confirm never refunds a booking the operator canceled', async () => {
    const c = await checkout('ru');
    await pay(c.clientSecret);
    expect((await confirm(c.intentId)).statusCode).toBe(200);
    const canceled = await adminCall('cancel', c.bookingId, {
      reason: 'Skipper ill (internal)',
      message: 'Поломка двигателя',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);

    const replay = await confirm(c.intentId);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ error: 'booking_canceled' });
    expect(await providerRefunded(c.intentId)).toBe(0);
    expect(await refundsOf(db, c.bookingId)).toEqual([]);
    expect((await ledgerOf(db, c.bookingId)).netCents).toBe(10_000);
    expect(await statusOf(c.bookingId)).toBe('canceled');

    // The operator's cancellation e-mail, in Russian, quotes the message to the customer and
    // never the internal note.
    const mails = await emailsOf(c.bookingId);
    expect(mails.map((m) => m.kind).sort()).toEqual(['booking_canceled', 'booking_confirmation']);
    const cancellation = mails.find((m) => m.kind === 'booking_canceled')!;
    expect(cancellation.subject).toContain('Бронирование отменено');
    expect(cancellation.textBody).toContain('Поломка двигателя');
    expect(cancellation.textBody).not.toContain('Skipper ill');
  });

  it('admin refunds: partial, capped at the net received, the rest by default, 409 with nothing received', async () => {
    const c = await checkout('en');
    await pay(c.clientSecret);
    await confirm(c.intentId);
    // A paid booking that sails: a refund of all of it is a cancellation, not a gesture.
    expect((await adminCall('refund', c.bookingId, { reason: 'All back' })).json()).toMatchObject({
      error: 'goodwill_is_cancellation',
    });
    await adminCall('cancel', c.bookingId, { reason: 'Weather' });

    const partial = await adminCall('refund', c.bookingId, { amount: 30, reason: 'Goodwill' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'canceled' });
    let view = await details(c.bookingId);
    expect(view.netReceived).toBe(70);
    expect(view.payments).toMatchObject([
      { provider: 'sandbox', providerId: c.intentId, amount: 100, status: 'succeeded' },
    ]);
    expect(view.refunds).toMatchObject([
      {
        amount: 30,
        status: 'succeeded',
        reason: 'Goodwill',
        actor: expect.stringMatching(/^admin-/) as unknown,
      },
    ]);

    const tooMuch = await adminCall('refund', c.bookingId, { amount: 70.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: 'refund_exceeds_received', details: { refundable: 70 } });
    const bad = await adminCall('refund', c.bookingId, { amount: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { path: string }[] }>().fields[0]?.path).toBe('body.amount');

    const rest = await adminCall('refund', c.bookingId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded' });
    view = await details(c.bookingId);
    expect(view.netReceived).toBe(0);
    expect(view.refunds.map((r) => r.amount)).toEqual([30, 70]);
    expect(view.history.at(-1)).toMatchObject({
      from: 'canceled',
      to: 'refunded',
      code: 'refunded',
      params: { amount: 100 },
    });
    expect(await providerRefunded(c.intentId)).toBe(10_000);

    // Two refund e-mails with their amounts.
    const refundMails = (await emailsOf(c.bookingId)).filter((m) => m.kind === 'refund_issued');
    expect(refundMails.map((m) => m.subject).sort()).toEqual([
      'Refund issued: €30.00',
      'Refund issued: €70.00',
    ]);

    // A booking canceled before any money arrived: 409, and nothing changes.
    const unpaid = await checkout();
    await adminCall('cancel', unpaid.bookingId);
    const historyBefore = await db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, unpaid.bookingId));
    const nothing = await adminCall('refund', unpaid.bookingId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: 'nothing_to_refund' });
    expect(await statusOf(unpaid.bookingId)).toBe('canceled');
    expect(await refundsOf(db, unpaid.bookingId)).toEqual([]);
    expect(
      await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, unpaid.bookingId)),
    ).toEqual(historyBefore);
  });

  it('canceling a pending booking whose card already succeeded settles the payment first', async () => {
    const c = await checkout();
    await pay(c.clientSecret); // the customer closed the tab before the confirm call
    const res = await adminCall('cancel', c.bookingId, { reason: 'Double booking' });
    expect(res.statusCode, res.body).toBe(200);
    const view = await details(c.bookingId);
    expect(view.status).toBe('canceled');
    expect(view.history.map((h) => [h.from, h.to, h.code])).toEqual([
      [null, 'pending', 'checkout_started'],
      ['pending', 'paid', 'payment_succeeded'],
      ['paid', 'canceled', 'operator_canceled'],
    ]);
    // The money waits for the operator's decision; nothing was refunded behind their back.
    expect(view.netReceived).toBe(100);
    expect(await providerRefunded(c.intentId)).toBe(0);
    expect((await adminCall('refund', c.bookingId)).json()).toMatchObject({ status: 'refunded' });
  });

  it('a hold whose trip was canceled for the weather is refunded when its card payment arrives, never sold', async () => {
    const c = await checkout();
    const trip = (await db.select().from(bookings).where(eq(bookings.id, c.bookingId)))[0]!.slotId!;
    const weather = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${trip}/cancel`,
      headers: bearer(admin),
      payload: { reasonCode: 'storm_warning', note: 'Storm warning', offer: 'choice' },
    });
    expect(weather.json()).toMatchObject({ canceled: 0 });
    // The customer was still on the card form.
    expect((await pay(c.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const late = await confirm(c.intentId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'booking_released', details: { refund: 'succeeded' } });
    expect(await statusOf(c.bookingId)).toBe('refunded');
    expect(await providerRefunded(c.intentId)).toBe(10_000);
    expect(await moneyViolations(db, [c.bookingId])).toEqual([]);
  });

  it('every status change is one history code and one domain event', async () => {
    const c = await checkout();
    await pay(c.clientSecret);
    await confirm(c.intentId);
    const events = await db.select().from(domainEvents).where(eq(domainEvents.bookingId, c.bookingId));
    expect(events.map((e) => [e.kind, e.payload.to, e.payload.code])).toEqual([
      ['booking.status_changed', 'paid', 'payment_succeeded'],
    ]);
    expect((await paymentsOf(db, c.bookingId)).map((p) => p.status)).toEqual(['succeeded']);
  });

  it('nothing guessable: random intent ids, never derived from the booking', async () => {
    const a = await checkout();
    const b = await checkout();
    for (const c of [a, b]) {
      expect(c.intentId).toMatch(/^pi_sbx_[0-9a-f]{24}$/);
      const derived = `pi_sbx_${createHash('sha256').update(`checkout-${c.bookingId}`).digest('hex').slice(0, 24)}`;
      expect(c.intentId).not.toBe(derived);
    }
    expect(a.intentId).not.toBe(b.intentId);
    // A guessed intent id reveals nothing.
    const guessed = await confirm('pi_sbx_000000000000000000000000');
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).not.toContain('@');
  });

  it('GET /api/admin/bookings/{id} is admin-only and 404 for an unknown booking', async () => {
    const c = await checkout();
    expect((await t.app.inject(`/api/admin/bookings/${c.bookingId}`)).statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: '/api/admin/bookings/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const view = await details(c.bookingId);
    expect(view.payments).toMatchObject([{ status: 'requires_action', amount: 100 }]);
    expect(view.refunds).toEqual([]);
    expect(view.netReceived).toBe(0);
  });
});
