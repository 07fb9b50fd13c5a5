// Request-to-book (docs/payments.md#request-to-book): the card authorized, not charged; the
// owner accepts (captured, paid, tickets) or declines (authorization canceled), or the request
// lapses by the job at its deadline. The money is read from the sandbox and the ledger, the
// e-mails from the SMTP catcher.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, owners, payments, sandboxPaymentIntents, slots, tickets } from '../../../src/db/schema';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { expireRequests } from '../../../src/modules/booking-requests/request-decision';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { customerToken } from '../../helpers/manage-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  confirmReturn,
  createBoat,
  createSharedTrip,
  createSlot,
  charterRequest,
  HOUR,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const silent = { info() {}, error() {} };

describe('request-to-book', async () => {
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
  // Signed at the app's clock when used (the clock moves; access tokens are short-lived).
  const asOwner = async () => bearer(await tokenFor(t, 'owner', { ownerId }));
  const boat = await createBoat(db, { ownerId, bookingMode: 'request' });
  let day = 0;
  const nextTrip = () => {
    day += 1;
    return createSharedTrip(db, boat.id, new Date(NOW.getTime() + (9 + day) * 24 * HOUR));
  };

  /** The e-mails sent since the last call, as the catcher received them. */
  let seen = 0;
  async function newMail() {
    await queueEventEmails(t.ctx);
    await deliverDueEmails(db, transport, new Date(t.ctx.now().getTime() + 1000));
    const mails = smtp.received.slice(seen);
    seen = smtp.received.length;
    return mails.map((m) => ({ to: m.to, subject: mailSubject(m.raw), text: mailText(m.raw) }));
  }

  /** A customer pays with the good card: the booking is requested, the card only authorized. */
  async function request(lang: string, email: string) {
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      sharedRequest(
        boat.id,
        trip,
        { adults: 2, children50: 0, kidsFree: 0 },
        {
          customer: { name: 'Customer', email },
          lang,
        },
      ),
    );
    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'requires_capture' });
    const confirmed = await confirmReturn(t.app, checkout.intentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().booking.booking.status).toBe('requested');
    return { ...checkout, trip };
  }

  const intentStatus = async (id: string) =>
    (await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]?.status;
  const bookingOf = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const seatsTaken = async (slotId: string) =>
    (await db.select().from(slots).where(eq(slots.id, slotId)))[0]!.seatsTaken;

  it('holds the seats, charges nothing, tells the customer and the owner in their languages; accept captures', async () => {
    const r = await request('de', 'hans@example.com');
    // The payment step was told the owner's deadline before the customer paid (REQUEST_HOURS on).
    expect((r as { requestDecideBy?: string }).requestDecideBy).toBe(
      new Date(NOW.getTime() + 24 * HOUR).toISOString(),
    );
    expect(await intentStatus(r.intentId)).toBe('requires_capture');
    expect(await seatsTaken(r.trip.id)).toBe(2);
    expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(0);
    const mails = await newMail();
    expect(mails).toHaveLength(2);
    const customer = mails.find((m) => m.to.includes('hans@example.com'))!;
    expect(customer.text).toContain(
      'Angefragt — Ihre Karte wird erst belastet, wenn der Eigentümer annimmt.',
    );
    // Authorized, not "paid" (issue 40).
    expect(customer.text).toMatch(/Auf Ihrer Karte autorisiert \(nicht belastet\): 100,00\s€/);
    expect(customer.text).not.toContain('Bezahlt insgesamt');
    const owner = mails.find((m) => m.to.includes('marta@example.com'))!;
    expect(owner.subject).toContain('Nueva solicitud de reserva');

    // Another owner does not see it, and cannot answer it.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/accept`,
      headers: bearer(await tokenFor(t, 'owner')),
    });
    expect(foreign.statusCode).toBe(404);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/accept`,
      headers: await asOwner(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('paid');
    expect(await intentStatus(r.intentId)).toBe('succeeded');
    expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(r.amount);
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, r.bookingId))).toHaveLength(2);
    expect(await seatsTaken(r.trip.id)).toBe(2);
    const after = await newMail();
    expect(after).toHaveLength(1);
    expect(after[0]!.to).toEqual(['hans@example.com']);

    // Decided once: a second answer is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/decline`,
      headers: await asOwner(),
      payload: { reasonCode: 'other' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('request_decided');
  });

  it('decline: the authorization is canceled, the seats freed, the customer told why in their language', async () => {
    const r = await request('fr', 'amelie@example.com');
    await newMail();
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/decline`,
      headers: await asOwner(),
      payload: { note: 'A reason without its code' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reasonCode');
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/decline`,
      headers: await asOwner(),
      payload: { reasonCode: 'boat_unavailable', note: 'Engine repair that day' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('canceled');
    expect(await intentStatus(r.intentId)).toBe('canceled');
    const ledger = await ledgerOf(db, r.bookingId);
    expect(ledger.receivedCents).toBe(0);
    expect(
      (await db.select().from(payments).where(eq(payments.bookingId, r.bookingId))).map((p) => p.status),
    ).toEqual(['canceled']);
    expect(await seatsTaken(r.trip.id)).toBe(0);
    const mails = await newMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['amelie@example.com']);
    expect(mails[0]!.text).toContain("Votre carte n'a pas été débitée");
    // The reason in the customer's language, from its code; staff's note (English) is not sent.
    expect(mails[0]!.text).toContain("Le bateau n'est pas disponible ce jour-là.");
    expect(mails[0]!.text).not.toContain('Engine repair');
    expect(mails[0]!.text).toContain(`/boats/${boat.id}`);

    // A declined request cannot be accepted: nothing is ever captured on it.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/accept`,
      headers: await asOwner(),
    });
    expect(late.statusCode).toBe(409);
    expect(await intentStatus(r.intentId)).toBe('canceled');
  });

  it('withdraw: the customer withdraws the request on manage my booking; nothing charged; the owner can no longer accept', async () => {
    const r = await request('en', 'wendy@example.com');
    await newMail();
    const token = await customerToken(t.ctx, r.bookingId);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${r.bookingId}/withdraw`,
      payload: { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(forged.statusCode).toBe(403);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${r.bookingId}/withdraw`,
      payload: { token },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().booking.status).toBe('canceled');
    expect(await intentStatus(r.intentId)).toBe('canceled');
    expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(0);
    expect(await seatsTaken(r.trip.id)).toBe(0);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/accept`,
      headers: await asOwner(),
    });
    expect(accept.statusCode).toBe(409);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${r.bookingId}/withdraw`,
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'request_decided' });
    // Told on the page that did it: no e-mail for a withdrawal the customer made.
    expect(await newMail()).toEqual([]);
  });

  it('lapse: nobody answers by REQUEST_HOURS, the job cancels the authorization and tells the customer', async () => {
    const r = await request('it', 'giulia@example.com');
    await newMail();
    const row = await bookingOf(r.bookingId);
    expect(row.requestDecideBy?.toISOString()).toBe(new Date(NOW.getTime() + 24 * HOUR).toISOString());
    t.setNow(new Date(NOW.getTime() + 24 * HOUR - 1000));
    expect(await expireRequests(t.ctx)).toEqual({ expired: 0, captured: 0 });
    t.setNow(new Date(NOW.getTime() + 24 * HOUR));
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/accept`,
      headers: await asOwner(),
    });
    expect(accept.statusCode).toBe(409);
    expect(await expireRequests(t.ctx)).toEqual({ expired: 1, captured: 0 });
    expect((await bookingOf(r.bookingId)).status).toBe('canceled');
    expect(await intentStatus(r.intentId)).toBe('canceled');
    expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(0);
    expect(await seatsTaken(r.trip.id)).toBe(0);
    const mails = await newMail();
    t.setNow(NOW);
    // The customer, and the owner (in Spanish: docs/back-office.md#owners-notifications).
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['giulia@example.com', 'marta@example.com']);
    expect(mails.find((m) => m.to[0] === 'giulia@example.com')!.text).toContain('non ha risposto in tempo');
    expect(mails.find((m) => m.to[0] === 'marta@example.com')!.subject).toMatch(/^Solicitud caducada: /);
  });

  it('the sandbox brings one request to its deadline now: it lapses as the job lapses it, once', async () => {
    const r = await request('es', 'lapse-now@example.com');
    await newMail();
    const lapse = async (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/bookings/${r.bookingId}/lapse`, headers });
    // Another owner's request is not theirs to lapse.
    const stranger = bearer(await tokenFor(t, 'owner'));
    expect((await lapse(stranger)).statusCode).toBe(404);
    const lapsed = await lapse(await asOwner());
    expect(lapsed.statusCode, lapsed.body).toBe(200);
    expect(lapsed.json()).toMatchObject({ status: 'canceled' });
    expect(await intentStatus(r.intentId)).toBe('canceled');
    expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(0);
    expect(await seatsTaken(r.trip.id)).toBe(0);
    const mails = await newMail();
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['lapse-now@example.com', 'marta@example.com']);
    expect(mails.find((m) => m.to[0] === 'lapse-now@example.com')!.subject).toMatch(
      /^Sin respuesta a tiempo/,
    );
    expect((await lapse(await asOwner())).statusCode).toBe(409);
  });

  it('answers say what happened: of three accepts at once one is 200, the others 409; a lapse the accept beat is 409', async () => {
    const r = await request('en', 'three-clicks@example.com');
    await newMail();
    const headers = await asOwner();
    const accept = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/bookings/${r.bookingId}/accept`, headers });
    const answers = await Promise.all([accept(), accept(), accept()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json()).toMatchObject({ error: 'request_decided' });
    }
    expect((await bookingOf(r.bookingId)).status).toBe('paid');
    expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(r.amount);

    // The sandbox's lapse racing an accept: whichever takes the booking's lock first decides,
    // and the other answers 409 with the booking's real state, never a 200 for what did not happen.
    const raced = await request('en', 'raced@example.com');
    await newMail();
    const [accepted, lapsed] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/admin/bookings/${raced.bookingId}/accept`, headers }),
      t.app.inject({ method: 'POST', url: `/api/admin/bookings/${raced.bookingId}/lapse`, headers }),
    ]);
    const final = (await bookingOf(raced.bookingId)).status;
    expect([accepted.statusCode, lapsed.statusCode].sort()).toEqual([200, 409]);
    if (final === 'paid') {
      expect(accepted.statusCode).toBe(200);
      expect(lapsed.json()).toMatchObject({ error: 'request_decided' });
    } else {
      expect(final).toBe('canceled');
      expect(lapsed.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ error: 'request_decided' });
    }
  });

  it('never later than 12 hours before departure; a trip too soon cannot be requested', async () => {
    const soon = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + 20 * HOUR));
    const r = await startCheckout(
      t.app,
      sharedRequest(boat.id, soon, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    await payByCard(t.app, r.clientSecret);
    await confirmReturn(t.app, r.intentId);
    expect((await bookingOf(r.bookingId)).requestDecideBy?.toISOString()).toBe(
      new Date(NOW.getTime() + 8 * HOUR).toISOString(),
    );
    const tooSoon = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + 12 * HOUR));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: sharedRequest(boat.id, tooSoon, { adults: 1, children50: 0, kidsFree: 0 }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('request_too_late');
    await newMail();
  });

  it("a charter's hours are held by the request and freed by the decline", async () => {
    const start = new Date(NOW.getTime() + 30 * 24 * HOUR);
    const hours = [0, 1].map((i) =>
      createSlot(db, boat.id, { type: 'private', start: new Date(start.getTime() + i * HOUR) }),
    );
    const [first] = await Promise.all(hours);
    const r = await startCheckout(t.app, charterRequest(boat, first!, 2));
    await payByCard(t.app, r.clientSecret);
    expect((await confirmReturn(t.app, r.intentId)).json().booking.booking.status).toBe('requested');
    // The hours stay taken after the hold's own time has passed.
    t.setNow(new Date(NOW.getTime() + 2 * HOUR));
    const rival = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: charterRequest(boat, first!, 2),
    });
    expect(rival.statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${r.bookingId}/decline`,
      headers: await asOwner(),
      payload: { reasonCode: 'other', note: 'Private event' },
    });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      payload: charterRequest(boat, first!, 2),
    });
    expect(after.statusCode, after.body).toBe(200);
    t.setNow(NOW);
    await newMail();
  });

  it('the platform admin forces instant booking: the owner cannot override it, the card is charged at once', async () => {
    const admin = await tokenFor(t, 'admin');
    const forced = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${boat.id}/instant-forced`,
      headers: bearer(admin),
      payload: { instantForced: true },
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toMatchObject({ boat: { bookingMode: 'request', instantForced: true } });
    const byOwner = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${boat.id}/instant-forced`,
      headers: await asOwner(),
      payload: { instantForced: false },
    });
    expect(byOwner.statusCode).toBe(403);
    const trip = await nextTrip();
    const checkout = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    expect((await payByCard(t.app, checkout.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await confirmReturn(t.app, checkout.intentId)).json().booking.booking.status).toBe('paid');
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${boat.id}/instant-forced`,
      headers: bearer(admin),
      payload: { instantForced: false },
    });
    await newMail();
  });

  // Last: the owner is suspended for good here.
  it('suspending the owner declines their open requests (nothing charged, the customer told why); a suspended owner cannot accept one', async () => {
    const open = await request('ru', 'olga@example.com');
    const racing = await request('en', 'piet@example.com');
    await newMail();
    const admin = bearer(await tokenFor(t, 'admin'));
    // The dialog lists the open request beside the paid bookings ahead.
    const upcoming = await t.app.inject({
      url: `/api/admin/owners/${ownerId}/upcoming-bookings`,
      headers: admin,
    });
    const listed = upcoming.json<{ requests: { _id: string }[] }>().requests.map((r) => r._id);
    expect(listed).toEqual(expect.arrayContaining([open.bookingId, racing.bookingId]));

    // An accept that reads the owner after the suspension is refused, the card untouched.
    await db.update(owners).set({ status: 'suspended' }).where(eq(owners.id, ownerId));
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${racing.bookingId}/accept`,
      headers: await asOwner(),
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toMatchObject({ error: 'owner_suspended' });
    expect(await intentStatus(racing.intentId)).toBe('requires_capture');
    await db.update(owners).set({ status: 'active' }).where(eq(owners.id, ownerId));

    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/owners/${ownerId}/suspend`,
      headers: admin,
      payload: { upcoming: 'serve' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // Every open request listed (an earlier test's too) is declined.
    expect(suspended.json()).toMatchObject({ outcome: { declined: listed.length } });
    for (const r of [open, racing]) {
      expect((await bookingOf(r.bookingId)).status).toBe('canceled');
      expect(await intentStatus(r.intentId)).toBe('canceled');
      expect((await ledgerOf(db, r.bookingId)).receivedCents).toBe(0);
    }
    const mails = await newMail();
    const toOlga = mails.find((m) => m.to.includes('olga@example.com'))!;
    // Told in her language, from the reason's code; the staff's reason (English) is not sent.
    expect(toOlga.text).toContain('Лодка недоступна в этот день.');
    expect(toOlga.text).not.toContain('suspended');
  });
});
