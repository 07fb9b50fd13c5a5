// Request-to-book meets the trip's cancellation (docs/payments.md#request-to-book): a weather
// cancellation or the minimum-to-depart cutoff of a trip with requests waiting for their owner
// lets each card authorization go (nothing captured, nothing to refund), cancels the request
// through the lifecycle, tells the customer in their language without offering a choice for
// money never taken, and counts them apart in the operator's report. An owner's accept racing
// the cancellation decides once. The money is read from the sandbox and the ledger, the e-mails
// from the SMTP catcher.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { boats, bookings, sandboxPaymentIntents, tripChangeOffers } from '../../../src/db/schema';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { expireRequests } from '../../../src/modules/booking-requests/request-decision';
import { reconcilePayments } from '../../../src/modules/jobs/payment-reconciliation';
import { cancelTripsBelowMinimum } from '../../../src/modules/trip-cancellation/minimum-cutoff';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { buildTestApp } from '../../helpers/test-app';
import {
  confirmReturn,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const silent = { info() {}, error() {} };

/** What the trip's e-mail says to a request's customer, per language (email.json tripCanceled.notCharged). */
const NOT_CHARGED = {
  de: 'Ihre Buchungsanfrage war noch nicht angenommen: Sie zahlen nichts dafür',
  es: 'Tu solicitud de reserva aún no estaba aceptada: no pagas nada por ella',
  ru: 'Ваш запрос на бронирование ещё не был принят: вы ничего не платите',
};

describe('request-to-book on a canceled trip', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({
    smtpUrl: t.ctx.config.SMTP_URL,
    from: t.ctx.config.MAIL_FROM,
    log: silent,
  });
  afterAll(() => transport.close());
  const ownerId = await newOwner(t, { email: 'marta@example.com', language: 'es', displayName: 'Marta' });
  const asOwner = async () => bearer(await tokenFor(t, 'owner', { ownerId }));
  const boat = await createBoat(db, { ownerId, bookingMode: 'request', cutoffHours: 24 });
  let day = 0;
  const nextTrip = () => {
    day += 1;
    return createSharedTrip(db, boat.id, new Date(NOW.getTime() + (9 + day) * 24 * HOUR));
  };

  let seen = 0;
  async function newMail() {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(db, transport, new Date(t.ctx.now().getTime() + 1000));
    const mails = smtp.received.slice(seen);
    seen = smtp.received.length;
    return mails.map((m) => ({ to: m.to, subject: mailSubject(m.raw), text: mailText(m.raw) }));
  }
  const mailsTo = (mails: Awaited<ReturnType<typeof newMail>>, email: string) =>
    mails.filter((m) => m.to.includes(email));

  /** A customer pays with the good card on `trip`: requested, the card only authorized. */
  async function request(trip: Awaited<ReturnType<typeof nextTrip>>, lang: string, email: string) {
    const checkout = await startCheckout(
      t.app,
      sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 0, kidsFree: 0 },
        { customer: { name: `Customer ${email}`, email }, lang },
      ),
    );
    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'requires_capture' });
    const confirmed = await confirmReturn(t.app, checkout.intentId);
    expect(confirmed.json().booking.booking.status).toBe('requested');
    return checkout;
  }
  const accept = async (bookingId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/accept`,
      headers: await asOwner(),
    });
  const cancelTrip = async (slotId: string, offer: 'choice' | 'refund') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slotId}/cancel`,
      headers: bearer(await tokenFor(t, 'admin')),
      payload: { reasonCode: 'wind', offer, message: 'Strong wind all day' },
    });
  const report = async (slotId: string) =>
    (
      await t.app.inject({
        url: `/api/admin/trips/${slotId}/cancellation`,
        headers: bearer(await tokenFor(t, 'admin')),
      })
    ).json<{
      bookings: { bookingId: string; paid: number; state: string }[];
      totals: Record<string, number>;
    }>();
  const intentStatus = async (id: string) =>
    (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]?.status;
  const statusOf = async (id: string) =>
    (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

  it('weather with a choice: the request is canceled, its authorization let go, its customer told in German; no choice offered for it', async () => {
    const trip = await nextTrip();
    const sold = await request(trip, 'en', 'paid@example.com');
    expect((await accept(sold.bookingId)).json().status).toBe('paid');
    const waiting = await request(trip, 'de', 'hans@example.com');
    await newMail();
    // Another trip of the boat with room: the customer who paid may move to it.
    await nextTrip();

    // The operator's dialog lists the request beside the sale, with nothing paid and no choice.
    const preview = await t.app.inject({
      url: `/api/admin/trips/${trip.id}/cancel/preview`,
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const customers = preview.json<{
      customers: { bookingId: string; paid: number; request: boolean; choiceDeadline: string | null }[];
    }>().customers;
    expect(customers.find((c) => c.bookingId === waiting.bookingId)).toMatchObject({
      paid: 0,
      request: true,
      choiceDeadline: null,
    });
    expect(customers.find((c) => c.bookingId === sold.bookingId)).toMatchObject({ request: false });

    const canceled = await cancelTrip(trip.id, 'choice');
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toEqual({ canceled: 2, refunded: 0, emailed: 2 });

    expect(await statusOf(waiting.bookingId)).toBe('canceled');
    expect(await intentStatus(waiting.intentId)).toBe('canceled');
    const ledger = await ledgerOf(db, waiting.bookingId);
    expect(ledger.receivedCents).toBe(0);
    expect(ledger.refundedCents + ledger.pendingRefundCents).toBe(0);
    // The choice is offered to the customer who paid, never for money not taken.
    const offers = await db.select().from(tripChangeOffers).where(eq(tripChangeOffers.slotId, trip.id));
    expect(offers.map((o) => o.bookingId)).toEqual([sold.bookingId]);

    const mails = await newMail();
    const toHans = mailsTo(mails, 'hans@example.com');
    expect(toHans).toHaveLength(1);
    expect(toHans[0]!.subject).toContain('Fahrt abgesagt');
    expect(toHans[0]!.text).toContain(NOT_CHARGED.de);
    expect(toHans[0]!.text).toContain('Strong wind all day');
    expect(toHans[0]!.text).not.toMatch(/Sie haben die Wahl|Geld vollständig zurück/);
    expect(mailsTo(mails, 'paid@example.com')).toHaveLength(1);

    const r = await report(trip.id);
    expect(r.bookings.find((b) => b.bookingId === waiting.bookingId)).toMatchObject({
      paid: 0,
      state: 'not_charged',
    });
    expect(r.totals).toMatchObject({ canceled: 2, refunded: 0, waiting: 1, notCharged: 1, failed: 0 });

    // The trip decided the request: the owner's accept is refused, and nothing is ever captured.
    const late = await accept(waiting.bookingId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('request_decided');
    expect(await intentStatus(waiting.intentId)).toBe('canceled');
    expect(await reconcilePayments(t.ctx)).toEqual({ refunds: 0, intents: 0 });
    expect(await newMail()).toHaveLength(0);
  });

  it('the minimum-to-depart cutoff: a lone request is canceled, not charged, and its customer told in Spanish', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + 30 * HOUR));
    const waiting = await request(trip, 'es', 'lucia@example.com');
    await newMail();
    // Its owner's deadline (12 hours before departure) is after the cutoff (24 hours before).
    await db.update(boats).set({ sharedMinSeatsToDepart: 4 }).where(eq(boats.id, boat.id));
    t.setNow(new Date(trip.startsAt.getTime() - 24 * HOUR + 1000));
    try {
      expect(await cancelTripsBelowMinimum(t.ctx)).toBe(1);
      expect(await statusOf(waiting.bookingId)).toBe('canceled');
      expect(await intentStatus(waiting.intentId)).toBe('canceled');
      expect((await ledgerOf(db, waiting.bookingId)).receivedCents).toBe(0);
      const mails = await newMail();
      const toLucia = mailsTo(mails, 'lucia@example.com');
      expect(toLucia).toHaveLength(1);
      expect(toLucia[0]!.text).toContain(NOT_CHARGED.es);
      expect(toLucia[0]!.text).not.toContain('Te devolvemos el importe íntegro');
      // The owner's notice names the request as not charged, not as a refund on its way.
      const toOwner = mailsTo(mails, 'marta@example.com');
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0]!.text).toContain('solicitud aún sin aceptar: tarjeta sin cobrar');
      expect((await report(trip.id)).totals).toMatchObject({ canceled: 1, refunded: 0, notCharged: 1 });
      // The lapse job finds nothing left to decide.
      expect(await expireRequests(t.ctx)).toEqual({ expired: 0, captured: 0 });
    } finally {
      await db.update(boats).set({ sharedMinSeatsToDepart: 0 }).where(eq(boats.id, boat.id));
      t.setNow(NOW);
    }
  });

  it('an accept claimed before the cancellation whose capture went through: refunded in full, counted as paid and refunded', async () => {
    const trip = await nextTrip();
    const waiting = await request(trip, 'ru', 'olga@example.com');
    await newMail();
    // The accept claimed the request and its capture reached the provider, then the trip's
    // cancellation took the trip's lock before the accept recorded the sale.
    await db.update(bookings).set({ requestAcceptedAt: NOW }).where(eq(bookings.id, waiting.bookingId));
    await t.ctx.payments.captureIntent(waiting.intentId, `capture:${waiting.bookingId}`);
    const canceled = await cancelTrip(trip.id, 'choice');
    expect(canceled.json()).toEqual({ canceled: 1, refunded: 1, emailed: 1 });
    // Its money all back, the lifecycle moves it canceled → refunded.
    expect(await statusOf(waiting.bookingId)).toBe('refunded');
    const ledger = await ledgerOf(db, waiting.bookingId);
    expect(ledger.receivedCents).toBe(waiting.amount);
    expect(ledger.netCents).toBe(0);
    expect((await report(trip.id)).bookings[0]).toMatchObject({
      paid: waiting.amount / 100,
      state: 'refunded',
    });
    // The accept's retry (the job) sells nothing and captures nothing more.
    expect(await expireRequests(t.ctx)).toEqual({ expired: 0, captured: 0 });
    expect(await statusOf(waiting.bookingId)).toBe('refunded');
    const toOlga = mailsTo(await newMail(), 'olga@example.com');
    expect(toOlga.some((m) => m.text.includes(NOT_CHARGED.ru))).toBe(true);
    expect(toOlga.filter((m) => m.subject.includes('Рейс отменён'))).toHaveLength(1);
  });

  it("an owner's accept racing the weather cancellation decides once: never a sale on a canceled trip, every captured cent refunded", async () => {
    for (let round = 0; round < 3; round++) {
      const trip = await nextTrip();
      const waiting = await request(trip, 'de', `race${round}@example.com`);
      await newMail();
      const [accepted, canceled] = await Promise.all([
        accept(waiting.bookingId),
        cancelTrip(trip.id, 'refund'),
      ]);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(canceled.json().canceled).toBe(1);
      expect([200, 409]).toContain(accepted.statusCode);
      // Whatever won, the booking ends canceled with the trip (refunded once money went back) and keeps none.
      expect(['canceled', 'refunded']).toContain(await statusOf(waiting.bookingId));
      const ledger = await ledgerOf(db, waiting.bookingId);
      expect(ledger.netCents).toBe(0);
      if (accepted.statusCode === 200) {
        // The accept sold it first: a paid booking, canceled and refunded like any other.
        expect(ledger.receivedCents).toBe(waiting.amount);
      } else {
        expect(accepted.json().error).toBe('request_decided');
        expect(['canceled', 'succeeded']).toContain(await intentStatus(waiting.intentId));
      }
      const toCustomer = mailsTo(await newMail(), `race${round}@example.com`);
      expect(toCustomer.filter((m) => m.subject.includes('Fahrt abgesagt'))).toHaveLength(1);
    }
  });
});
