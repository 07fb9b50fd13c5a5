// Goodwill refunds on a booking that sails (issue 56, docs/payments.md#goodwill-refunds): the
// operator gives back part of a paid booking with a reason (missing snorkel gear, a late start);
// the booking stays live with its seats and tickets, the ledger, the fee split, the rectifying
// invoice and the customer's e-mail all say what happened, and nothing more than was received ever
// goes back. On PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminBooking, AdminBookingDetails } from '@boats/domain/schemas/booking';
import type { BookingInvoicesResponse } from '@boats/domain/schemas/manage-booking';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import type { AdminPayoutsResponse } from '@boats/domain/schemas/payouts';
import { billingRecords, emailOutbox, refunds, slots, tickets } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { customerToken } from '../../helpers/manage-token';
import { enrolledSignIn, newAccount } from '../../helpers/second-factor';
import { stripeTestApp } from '../../helpers/stripe-test-app';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  createBoat,
  createSharedTrip,
  HOUR,
  requestHold,
  sharedRequest,
} from '../../helpers/checkout-fixtures';
import { addBooking, addSandboxPayment, at, seedBoat } from './admin-bookings.fixtures';

/** 1 June 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = 24 * HOUR;
const two = { adults: 2, children50: 0, kidsFree: 0 };

/** What a user of the back office and the customer can see of one booking's money and seats. */
function helpers(t: TestApp) {
  const db = t.ctx.db;
  const refund = (headers: Record<string, string>, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/refund`, headers, payload });
  const details = async (headers: Record<string, string>, id: string) => {
    const res = await t.app.inject({ url: `/api/admin/bookings/${id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminBookingDetails>();
  };
  /** The customer's e-mail of `kind` about a booking (the latest), as the outbox holds it. */
  const customerMails = async (bookingId: string, kind: string) => {
    await queueEventEmails(t.ctx);
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, kind)));
    return rows.map((r) => ({ subject: r.subject, text: r.textBody.replaceAll('\u00a0', ' ') }));
  };
  const seatsTaken = async (slotId: string) =>
    (await db.select({ n: slots.seatsTaken }).from(slots).where(eq(slots.id, slotId)))[0]?.n;
  const ticketsOf = (bookingId: string) => db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
  return { refund, details, customerMails, seatsTaken, ticketsOf };
}

describe('a goodwill refund through the Stripe SDK against the local fake', async () => {
  const { t, fake } = await stripeTestApp(NOW);
  const db = t.ctx.db;
  const h = helpers(t);
  const owner = await newOwner(t, { displayName: 'Marlin', commissionBps: 1500 });
  const boat = await createBoat(db, { ownerId: owner, title: { en: 'Snorkel Boat', es: 'Barco esnórquel' } });
  const intentOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf('_secret_'));

  it('gives back €30 of €100 on a paid booking that keeps its seats and tickets, with its invoice and a truthful e-mail', async () => {
    // Sixty hours ahead: the default policy would refund everything, and the e-mail must not
    // pretend the policy kept the rest (issue 58).
    const slot = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + 60 * HOUR));
    const hold = await requestHold(
      t.app,
      sharedRequest(boat.id, slot, two, { customer: { name: 'Lucy', email: 'lucy@example.com' } }),
      '203.0.113.56',
    );
    const { bookingId, clientSecret } = hold.json<{ bookingId: string; clientSecret: string }>();
    fake.succeed(intentOf(clientSecret));
    expect(
      (await t.app.inject(`/checkout/confirm?payment_intent=${intentOf(clientSecret)}`)).statusCode,
    ).toBe(200);
    const admin = bearer(await tokenFor(t, 'admin'));
    const codesBefore = (await h.ticketsOf(bookingId)).map((r) => r.code).sort();

    const res = await h.refund(admin, bookingId, {
      amount: 30,
      reason: 'The snorkel gear was missing on board',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminBooking>()).toMatchObject({ status: 'paid' });

    // Stripe was asked for exactly €30 on the booking's intent.
    const asked = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked.map((r) => [r.form.get('payment_intent'), r.form.get('amount')])).toEqual([
      [intentOf(clientSecret), '3000'],
    ]);
    // The booking still sails: its seats, its very tickets.
    expect(await h.seatsTaken(slot.id)).toBe(2);
    expect((await h.ticketsOf(bookingId)).map((r) => r.code).sort()).toEqual(codesBefore);
    // The ledger and the split: fee + owner's share = the €70 net, at the booking's 15 %.
    const shown = await h.details(admin, bookingId);
    expect(shown).toMatchObject({ status: 'paid', netReceived: 70, platformFee: 10.5, ownerAmount: 59.5 });
    expect(shown.platformFee + shown.ownerAmount).toBe(shown.netReceived);
    expect(shown.refunds).toMatchObject([
      { amount: 30, status: 'succeeded', reason: 'The snorkel gear was missing on board' },
    ]);
    const [row] = await db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(row).toMatchObject({ cause: 'goodwill', amountCents: 3000 });

    // The rectifying invoice for the €30, its line saying why, its record in Spanish.
    const token = await customerToken(t.ctx, bookingId);
    const { invoices } = (
      await t.app.inject(`/checkout/booking/${bookingId}/invoices?token=${token}`)
    ).json<BookingInvoicesResponse>();
    expect(invoices.map((i) => [i.invoiceType, i.total])).toEqual([
      ['F2', 100],
      ['R5', -30],
    ]);
    const rectifying = await t.app.inject({
      url: `/api/owner/customer-invoices/${invoices[1]!._id}`,
      headers: admin,
    });
    expect(rectifying.json<CustomerInvoiceDetail>().lines).toEqual([
      { description: 'Refund as a goodwill gesture', amount: -30 },
    ]);
    const [record] = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.documentId, invoices[1]!._id));
    expect(JSON.stringify(record?.content)).toContain('Devolución por cortesía comercial');

    // The customer reads why, and that the booking stands; no word of the policy.
    const [mail] = await h.customerMails(bookingId, 'refund_issued');
    expect(mail?.subject).toBe('A goodwill refund: €30.00');
    expect(mail?.text).toContain(
      'We have refunded €30.00 to your card as a goodwill gesture: The snorkel gear was missing on board.',
    );
    expect(mail?.text).toContain(
      'Your booking stands: nothing else changes, and your tickets are still valid.',
    );
    expect(mail?.text).toContain('Paid after this refund: €70.00');
    expect(mail?.text).not.toMatch(/cancellation policy/i);
  });
});

describe('goodwill refunds: what is refused, step-up, and what comes after', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { STEP_UP_REFUND_EUR: '50' } });
  const db = t.ctx.db;
  const h = helpers(t);
  const marlin = await newOwner(t, { displayName: 'Marlin', commissionBps: 1000 });
  const anaga = await newOwner(t, { displayName: 'Anaga' });
  const boat = await createBoat(db, { ownerId: marlin, title: { en: 'Marlin Boat', es: 'Barco Marlin' } });
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  let day = 5;
  let clients = 0;
  const buy = async (hoursAhead?: number) => {
    const slot = await createSharedTrip(
      db,
      boat.id,
      new Date(NOW.getTime() + (hoursAhead ? hoursAhead * HOUR : ++day * DAY)),
    );
    const body = sharedRequest(boat.id, slot, two, { customer: { name: 'Lucy', email: 'lucy@example.com' } });
    const { bookingId } = await buyAndConfirm(t.app, body, `198.51.100.${++clients}`);
    return { id: bookingId, slot };
  };

  it('refuses all of it or more (a cancellation), and a refund without a reason, changing nothing', async () => {
    const { id } = await buy();
    const admin = await asAdmin();
    for (const amount of [100, 150, undefined]) {
      const res = await h.refund(admin, id, { amount, reason: 'Late start' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: 'goodwill_is_cancellation' });
      expect(res.json<{ message: string }>().message).toContain('at most €99.99 of €100.00');
      expect(res.json<{ message: string }>().message).toContain('cancellation');
    }
    for (const reason of [undefined, '   ']) {
      const res = await h.refund(admin, id, { amount: 10, reason });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path: 'body.reason' }] });
    }
    expect((await ledgerOf(db, id)).netCents).toBe(10_000);
    expect((await h.details(admin, id)).status).toBe('paid');
  });

  it('asks for the second factor above STEP_UP_REFUND_EUR, as any refund does', async () => {
    const { id } = await buy();
    const account = await newAccount(t, 'goodwill@boats.test', 'admin', null);
    t.setNow(NOW);
    const { accessToken } = await enrolledSignIn(t, account.email);
    // The factor is stale ten minutes after the sign-in.
    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    const above = await h.refund(bearer(accessToken), id, { amount: 60, reason: 'Two hours late' });
    expect(above.statusCode, above.body).toBe(403);
    expect(above.json()).toMatchObject({ error: 'step_up_required' });
    const within = await h.refund(bearer(accessToken), id, { amount: 40, reason: 'Two hours late' });
    expect(within.statusCode, within.body).toBe(200);
    expect((await ledgerOf(db, id)).netCents).toBe(6_000);
    t.setNow(NOW);
  });

  it('then a cancellation by the customer: the policy applies to what is left, never more than was paid', async () => {
    // 30 hours ahead: the default policy refunds half.
    const { id, slot } = await buy(30);
    const admin = await asAdmin();
    expect((await h.refund(admin, id, { amount: 30, reason: 'No snorkel gear' })).statusCode).toBe(200);
    const token = await customerToken(t.ctx, id);
    const quote = await t.app.inject(`/api/bookings/${id}/cancellation?token=${token}`);
    expect(quote.json()).toMatchObject({ refundPercent: 50, paid: 70, refund: 35 });
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      payload: { token, expectedRefund: 35 },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const ledger = await ledgerOf(db, id);
    expect(ledger).toMatchObject({ receivedCents: 10_000, refundedCents: 6_500, netCents: 3_500 });
    expect(await h.seatsTaken(slot.id)).toBe(0);
    const shown = await h.details(admin, id);
    expect(shown.platformFee + shown.ownerAmount).toBe(35);
    // The customer is told what the booking held and keeps, to the cent.
    const [mail] = await h.customerMails(id, 'booking_canceled_by_customer');
    expect(mail?.text).toContain(
      '€30.00 of what you paid had already been refunded, so the cancellation policy applies to the €70.00 the booking still held.',
    );
    expect(mail?.text).toContain('Under the cancellation policy we refund €35.00 (50 %)');
    expect(mail?.text).toContain('The booking keeps €35.00, as the cancellation policy below says.');
    // Whatever the operator tries afterwards, at most what is left goes back.
    const more = await h.refund(admin, id, { amount: 40 });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: 'refund_exceeds_received' });
    expect((await h.refund(admin, id, {})).statusCode).toBe(200);
    expect(await ledgerOf(db, id)).toMatchObject({ refundedCents: 10_000, netCents: 0 });
    expect((await h.details(admin, id)).status).toBe('refunded');
  });

  it('after the trip and its payout: the owner’s share comes back as a negative line netted at the next payout', async () => {
    const sailed = await seedBoat(db, { en: 'Paid-out boat' }, anaga);
    const { booking } = await addBooking(db, sailed, {
      status: 'confirmed',
      start: at('2027-05-20'),
      grossCents: 20_000,
      commissionBps: 1500,
    });
    await addSandboxPayment(db, booking.providerPaymentId!, 20_000);
    expect(await completeEndedTrips(t.ctx)).toBeGreaterThanOrEqual(1);
    const admin = await asAdmin();
    const run = () => t.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: admin });
    expect((await run()).json()).toMatchObject({
      paid: [expect.objectContaining({ ownerId: anaga, amount: 170 })],
    });

    const res = await h.refund(admin, booking.id, {
      amount: 20,
      reason: 'The trip was cut short by an hour',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', platformFee: 27, ownerAmount: 153 });
    const balances = (
      await t.app.inject({ url: '/api/admin/payouts', headers: admin })
    ).json<AdminPayoutsResponse>();
    expect(balances.owners.find((o) => o.ownerId === anaga)).toMatchObject({
      paidOut: 170,
      balance: -17,
      earned: 153,
    });
    // The trip is over: the e-mail gives the reason and does not say the booking stands.
    const [mail] = await h.customerMails(booking.id, 'refund_issued');
    expect(mail?.text).toContain('as a goodwill gesture: The trip was cut short by an hour.');
    expect(mail?.text).not.toContain('Your booking stands');
  });

  it('lets an owner refund their own boat’s booking as a gesture, and no other owner’s', async () => {
    const { id } = await buy();
    const asAnaga = bearer(await tokenFor(t, 'owner', { ownerId: anaga }));
    const foreign = await h.refund(asAnaga, id, { amount: 10, reason: 'Late start' });
    expect(foreign.statusCode).toBe(404);
    const asMarlin = bearer(await tokenFor(t, 'owner', { ownerId: marlin }));
    const own = await h.refund(asMarlin, id, { amount: 10, reason: 'Late start' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ status: 'paid', platformFee: 9, ownerAmount: 81 });
  });
});
