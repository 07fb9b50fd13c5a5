// Payment links (docs/payments.md#operator-taken-bookings): staff book a customer and e-mail
// them a signed link that holds the seats for the hours chosen; the customer pays through it by
// card as a checkout pays its hold; the hold lapses like any other and releases the seats.
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { canaryTimeLabel, formatCanaryDate } from '@boats/domain/canary-time';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { describe, expect, it } from 'vitest';
import { bookings, emailOutbox, tickets } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { customerToken } from '../../helpers/manage-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  card,
  CARDS,
  createBoat,
  createSlot,
  HOUR,
  requestHold,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

// 08:00 in the Canaries (summer time); the morning trip leaves at 11:00 (3 h away), the next
// day's at 11:00 too.
const NOW = new Date('2027-07-10T07:00:00Z');
const MORNING = new Date('2027-07-10T10:00:00Z');
const TOMORROW = new Date('2027-07-11T10:00:00Z');

const family = (email = 'garcia@example.com') => ({
  passengers: { adults: 2, children50: 1, kidsFree: 1 },
  customer: { name: 'Familia García', phone: '+34 600 111 222', email },
  language: 'es',
});

/** The payment-link e-mail's texts in `lng`, from the locale file the server reads. */
function linkTexts(lng: LanguageCode): Record<string, string> {
  const file = JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${lng}/email.json`, import.meta.url), 'utf8'),
  ) as { paymentLink: Record<string, string> };
  return file.paymentLink;
}
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);

type Sent = {
  bookingId: string;
  status: string;
  amount: number;
  method: string;
  holdExpiresAt: string;
  holdCapped: boolean;
};
type Details = {
  status: string;
  holdExpiresAt: string | null;
  platformFee: number;
  ownerAmount: number;
  netReceived: number;
  payments: { method: string; amount: number; status: string }[];
  history: { code: string; by: string; params: Record<string, string | number> }[];
};
type LinkView = {
  state: string;
  amount: number;
  holdExpiresAt: string | null;
  passengers: { adults: number; children50: number; kidsFree: number };
  intent: { clientSecret: string; bookingId: string; amount: number } | null;
};

describe('payment links of bookings taken by staff', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  // 3 hours at €20 a seat per hour: an adult €60, a child 6–12 €30; the family pays €150. A
  // boat per trip, so the tests' trips never overlap.
  const tripOf = async (start: Date, seatsTotal = 6) => {
    const boat = await createBoat(db, { title: { en: 'Harbour Cat' }, capacity: 12 });
    return createSlot(db, boat.id, { type: 'shared', start, hours: 3, seatsTotal, seatPriceCents: 2000 });
  };
  const tomorrow = await tripOf(TOMORROW);

  const send = (slotId: string, holdHours: number, headers = crew, body: object = family()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/crew/trips/${slotId}/bookings`,
      headers,
      payload: { ...body, payment: { method: 'link', holdHours } },
    });
  const details = async (id: string) => {
    const res = await t.app.inject({ url: `/api/admin/bookings/${id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Details>();
  };
  const open = (booking: string, token: string) =>
    t.app.inject({ method: 'POST', url: '/api/payment-link', payload: { booking, token } });
  /** The link of the last payment-link e-mail to the booking, from the outbox as it was sent. */
  const linkOf = async (bookingId: string) => {
    await queueEventEmails(t.ctx);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, 'payment_link')));
    const mail = mails.sort((a, b) => Number(a.eventId) - Number(b.eventId)).at(-1);
    expect(mail, 'a payment-link e-mail').toBeDefined();
    const found = /(http\S+\/pay\?booking=[^&\s]+&token=[^\s<"]+)/.exec(mail!.textBody);
    expect(found, mail!.textBody).not.toBeNull();
    const url = new URL(found![1]!);
    return {
      mail: mail!,
      mails,
      url,
      booking: url.searchParams.get('booking')!,
      token: url.searchParams.get('token')!,
    };
  };
  const payByCard = async (clientSecret: string) => {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { clientSecret, card: card(CARDS.ok), returnUrl: 'http://localhost:3000/pay' },
    });
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    return t.app.inject({ url: `/checkout/confirm?payment_intent=${intentId}` });
  };

  it('crew sends a link: the booking is a pending hold for the hours chosen, the e-mail in Spanish carries the link', async () => {
    const res = await send(tomorrow.id, 6);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<Sent>();
    expect(sent).toMatchObject({
      status: 'pending',
      amount: 150,
      method: 'link',
      holdExpiresAt: new Date(NOW.getTime() + 6 * HOUR).toISOString(),
      holdCapped: false,
    });
    const booking = await details(sent.bookingId);
    expect(booking.status).toBe('pending');
    expect(booking.holdExpiresAt).toBe(sent.holdExpiresAt);
    expect(booking.payments).toEqual([]);
    expect(booking.history).toEqual([
      expect.objectContaining({
        code: 'payment_link_sent',
        by: expect.stringMatching(/^crew-/),
        params: { hours: 6, until: sent.holdExpiresAt, capped: 0 },
      }),
    ]);

    const link = await linkOf(sent.bookingId);
    expect(link.mail.toAddress).toBe('garcia@example.com');
    expect(link.mail.subject).toContain('paga para mantener tus plazas');
    expect(link.url.origin + link.url.pathname).toBe(`${t.ctx.config.publicUrl}/pay`);
    expect(link.booking).toBe(sent.bookingId);
    // Nothing is paid yet: the e-mail asks for the total, it does not say it was paid.
    expect(link.mail.textBody).toMatch(/Total a pagar: 150,00\s€/);
    expect(link.mail.textBody).not.toContain('Total pagado');
    // The held seats count against the trip: a visitor cannot take more than are left.
    const visitor = await requestHold(
      t.app,
      sharedRequest(tomorrow.boatId, tomorrow, { adults: 4, children50: 0, kidsFree: 0 }),
    );
    expect(visitor.statusCode, visitor.body).toBe(409);
  });

  it('the customer pays through the link by card: paid with tickets and the confirmation, the ledger agrees', async () => {
    const trip = await tripOf(new Date(TOMORROW.getTime() + 4 * HOUR));
    const sent = (await send(trip.id, 24)).json<Sent>();
    const { booking, token } = await linkOf(sent.bookingId);

    const opened = await open(booking, token);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json<LinkView>();
    expect(view).toMatchObject({
      state: 'open',
      amount: 15000,
      holdExpiresAt: sent.holdExpiresAt,
      passengers: { adults: 2, children50: 1, kidsFree: 1 },
      intent: { bookingId: sent.bookingId, amount: 15000 },
    });
    // Opened again: the same card payment, not a second one.
    const again = (await open(booking, token)).json<LinkView>();
    expect(again.intent?.clientSecret).toBe(view.intent!.clientSecret);

    const confirmed = await payByCard(view.intent!.clientSecret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const paid = await details(sent.bookingId);
    expect(paid.status).toBe('paid');
    expect(paid.history.map((h) => h.code)).toEqual(['payment_link_sent', 'payment_succeeded']);
    expect(paid.payments).toEqual([
      expect.objectContaining({ method: 'card', amount: 150, status: 'succeeded' }),
    ]);
    expect(paid.netReceived).toBe(150);
    expect(Math.round((paid.platformFee + paid.ownerAmount) * 100)).toBe(Math.round(paid.netReceived * 100));
    expect(paid.platformFee).toBeGreaterThan(0);
    const seats = await db.select().from(tickets).where(eq(tickets.bookingId, sent.bookingId));
    expect(seats).toHaveLength(4);

    await queueEventEmails(t.ctx);
    const kinds = (await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, sent.bookingId))).map(
      (m) => m.kind,
    );
    expect(kinds.sort()).toEqual(['booking_confirmation', 'payment_link']);

    // The link now says it is paid and offers nothing to pay.
    expect((await open(booking, token)).json<LinkView>()).toMatchObject({ state: 'paid', intent: null });
    // Nor can it be sent again.
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${sent.bookingId}/payment-link`,
      headers: crew,
    });
    expect(resend.statusCode, resend.body).toBe(409);
  });

  it('staff resend the link: the same link and the same hold, recorded in the history', async () => {
    const trip = await tripOf(new Date(TOMORROW.getTime() + 6 * HOUR));
    const sent = (await send(trip.id, 1)).json<Sent>();
    const first = await linkOf(sent.bookingId);
    t.setNow(new Date(NOW.getTime() + 10 * 60_000));
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/crew/bookings/${sent.bookingId}/payment-link`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ holdExpiresAt: sent.holdExpiresAt, email: 'garcia@example.com' });
      const second = await linkOf(sent.bookingId);
      expect(second.mails).toHaveLength(2);
      expect(second.token).toBe(first.token);
      const booking = await details(sent.bookingId);
      expect(booking.holdExpiresAt).toBe(sent.holdExpiresAt);
      expect(booking.history.map((h) => h.code)).toEqual(['payment_link_sent', 'payment_link_resent']);
    } finally {
      t.setNow(NOW);
    }
  });

  it('an expired link released the seats and can no longer be paid', async () => {
    const trip = await tripOf(new Date(TOMORROW.getTime() + 2 * HOUR), 4);
    const sent = (await send(trip.id, 1)).json<Sent>();
    const { booking, token } = await linkOf(sent.bookingId);
    // The customer opened the link (an intent exists) but never paid.
    const view = (await open(booking, token)).json<LinkView>();
    expect(view.state).toBe('open');
    const full = await requestHold(
      t.app,
      sharedRequest(trip.boatId, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    expect(full.statusCode, full.body).toBe(409);

    t.setNow(new Date(NOW.getTime() + HOUR + 60_000));
    try {
      expect((await expireLapsedHolds(t.ctx)).canceled).toBeGreaterThanOrEqual(1);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, sent.bookingId));
      expect(row).toMatchObject({ status: 'canceled', cancelReason: 'hold_expired', holdExpiresAt: null });

      const lapsed = (await open(booking, token)).json<LinkView>();
      expect(lapsed).toMatchObject({ state: 'lapsed', intent: null });
      // The card payment made before the hold lapsed no longer goes through.
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        payload: {
          clientSecret: view.intent!.clientSecret,
          card: card(CARDS.ok),
          returnUrl: 'http://localhost:3000/pay',
        },
      });
      expect(late.json()).not.toEqual({ status: 'succeeded' });
      // The four seats are free again for anyone.
      const visitor = await requestHold(
        t.app,
        sharedRequest(trip.boatId, trip, { adults: 4, children50: 0, kidsFree: 0 }),
      );
      expect(visitor.statusCode, visitor.body).toBe(200);
      // A token signed now: the test's earlier ones have lapsed with the clock.
      const resend = await t.app.inject({
        method: 'POST',
        url: `/api/crew/bookings/${sent.bookingId}/payment-link`,
        headers: bearer(await tokenFor(t, 'crew')),
      });
      expect(resend.statusCode, resend.body).toBe(409);
      expect(resend.json()).toMatchObject({ error: 'link_not_open' });
    } finally {
      t.setNow(NOW);
    }
  });

  it('refuses a tampered token, another booking’s token and a manage-my-booking token', async () => {
    const trip = await tripOf(new Date(TOMORROW.getTime() + 8 * HOUR), 10);
    const sent = (await send(trip.id, 6)).json<Sent>();
    const { booking, token } = await linkOf(sent.bookingId);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const other = (await send(trip.id, 1, crew, family('other@example.com'))).json<Sent>();
    const otherLink = await linkOf(other.bookingId);
    for (const [id, bad] of [
      [booking, flipped],
      [booking, `${token}x`],
      [booking, otherLink.token],
      [booking, await customerToken(t.ctx, booking)],
    ] as const) {
      const res = await open(id, bad);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'invalid_payment_link' });
      expect(res.body).not.toContain('secret');
    }
  });

  it('an owner sends links for their own boats’ trips only', async () => {
    const ownerA = await newOwner(t);
    const ownerB = await newOwner(t);
    const boatB = await createBoat(db, { ownerId: ownerB, capacity: 12 });
    const tripB = await createSlot(db, boatB.id, {
      type: 'shared',
      start: TOMORROW,
      hours: 3,
      seatsTotal: 6,
      seatPriceCents: 2000,
    });
    const before = await db.select().from(bookings).where(eq(bookings.slotId, tripB.id));
    for (const token of [
      await tokenFor(t, 'owner', { ownerId: ownerA }),
      await tokenFor(t, 'crew', { ownerId: ownerA }),
    ]) {
      const res = await send(tripB.id, 6, bearer(token));
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await db.select().from(bookings).where(eq(bookings.slotId, tripB.id))).toEqual(before);
    const own = await send(tripB.id, 6, bearer(await tokenFor(t, 'owner', { ownerId: ownerB })));
    expect(own.statusCode, own.body).toBe(201);
    // Nor can owner A resend B's link.
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${own.json<Sent>().bookingId}/payment-link`,
      headers: bearer(await tokenFor(t, 'owner', { ownerId: ownerA })),
    });
    expect(resend.statusCode).toBe(404);
  });

  it('caps the hold 30 minutes before the trip, and refuses a link too close to it', async () => {
    const morning = await tripOf(MORNING);
    const capped = await send(morning.id, 6);
    expect(capped.statusCode, capped.body).toBe(201);
    expect(capped.json()).toMatchObject({
      holdCapped: true,
      holdExpiresAt: new Date(MORNING.getTime() - 30 * 60_000).toISOString(),
    });
    const history = (await details(capped.json<Sent>().bookingId)).history;
    expect(history[0]!.params).toMatchObject({ hours: 6, capped: 1 });

    // The payment page saves the customer's details as a checkout's does: that never lengthens
    // a link's hold past its cap (a checkout's would grow to HOLD_MINUTES).
    const near = await tripOf(new Date(NOW.getTime() + 42 * 60_000));
    const short = (await send(near.id, 1)).json<Sent>();
    expect(short).toMatchObject({ holdCapped: true });
    const saved = await t.app.inject({
      method: 'POST',
      url: bookingUrl(t.ctx, short.bookingId, '/customer'),
      payload: { customer: { name: 'Familia García', email: 'garcia@example.com' }, lang: 'es' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await details(short.bookingId)).holdExpiresAt).toBe(short.holdExpiresAt);

    const soon = await tripOf(new Date(NOW.getTime() + 35 * 60_000));
    const tooLate = await send(soon.id, 1);
    expect(tooLate.statusCode, tooLate.body).toBe(409);
    expect(tooLate.json()).toMatchObject({ error: 'link_too_late' });
    expect(await db.select().from(bookings).where(eq(bookings.slotId, soon.id))).toEqual([]);
  });

  it('needs the customer’s e-mail and a hold length for a link', async () => {
    const noEmail = await send(tomorrow.id, 6, crew, {
      ...family(),
      customer: { name: 'Walk-in', phone: '+34 600 111 222' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain('customer.email');
    const noHold = await t.app.inject({
      method: 'POST',
      url: `/api/crew/trips/${tomorrow.id}/bookings`,
      headers: crew,
      payload: { ...family(), payment: { method: 'link' } },
    });
    expect(noHold.statusCode).toBe(400);
    const oddHold = await send(tomorrow.id, 3);
    expect(oddHold.statusCode).toBe(400);
  });

  it('writes the e-mail in each of the site’s languages, with dates the reader’s way', async () => {
    for (const [i, lng] of LANGUAGES.entries()) {
      const trip = await tripOf(new Date(TOMORROW.getTime() + (i + 30) * HOUR));
      const sent = await send(trip.id, 24, crew, { ...family(`${lng}@example.com`), language: lng });
      expect(sent.statusCode, sent.body).toBe(201);
      const { mail } = await linkOf(sent.json<Sent>().bookingId);
      const texts = linkTexts(lng);
      const until = new Date(sent.json<Sent>().holdExpiresAt);
      expect(mail.subject).toBe(
        fill(texts.subject!, { boat: 'Harbour Cat', date: formatCanaryDate(trip.startsAt, lng) }),
      );
      expect(mail.textBody).toContain(
        fill(texts.until!, { time: canaryTimeLabel(until), date: formatCanaryDate(until, lng) }),
      );
      expect(mail.textBody).toContain(texts.action!);
    }
  });
});
