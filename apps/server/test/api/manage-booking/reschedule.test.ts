// The customer changes the date of their own booking (issue 39, docs/payments.md#the-customer-changes-the-date):
// the boat's reschedule policy shown before they start, the trips with the money of each move,
// an equal trip moved at once, a cheaper one refunded the difference through the ledger (a
// voucher-paid booking shared between the voucher and the card), a dearer one held while the
// card pays the difference (a card asking 3-D Secure through the sandbox's bank page and back to
// manage my booking; paid through the Stripe SDK against the local fake, the webhook and
// the confirm call in either order; given up or lapsed, nothing charged and the seats back),
// charters to another start and length, refusals by the policy, bad input naming the field, the
// e-mail in the customer's language, and the last seats raced by a checkout and a reschedule. On
// PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { canaryDateKey, formatCanaryDateTime } from '@boats/domain/canary-time';
import type { BookingInvoicesResponse, RescheduleOffers } from '@boats/domain/schemas/manage-booking';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import {
  boats,
  bookingHistory,
  bookings,
  bookingSlots,
  emailOutbox,
  payments,
  slots,
  tickets,
} from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { deliverDueEmails } from '../../../src/modules/mail/outbox-worker';
import { mailSubject, mailText } from '../../helpers/mail-text';
import { attachment } from '../../helpers/pdf-images';
import { startSmtpTestServer } from '../../helpers/smtp-test-server';
import { customerToken } from '../../helpers/manage-token';
import { ledgerOf, paymentsOf } from '../../../src/modules/payments/ledger';
import { STRIPE_TEST_KEYS, stripeTestApp } from '../../helpers/stripe-test-app';
import { buildTestApp } from '../../helpers/test-app';
import { bearer, tokenFor } from '../../helpers/admin-token';
import {
  buyAndConfirm,
  charterRequest,
  CARDS,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  HOUR,
  payByCard,
  requestHold,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

/** 1 June 2027, 10:00 in the Canaries. */
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = 24 * HOUR;
const two = { adults: 2, children50: 0, kidsFree: 0 };

type PublicBooking = { _id: string; start: string; amountGross: number };

describe('the customer changes the date', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const transport = createMailTransport({
    smtpUrl: smtp.url,
    from: t.ctx.config.MAIL_FROM,
    log: { info() {} },
  });
  afterAll(() => transport.close());
  /**
   * The e-mails of every event so far, through SMTP; answers those that carry `invoice` as a PDF
   * named by its number (the customers of this file share one address, their invoices one issuer).
   */
  const mailsCarrying = async (invoice: { number: string }) => {
    await queueEventEmails(t.ctx);
    expect(await deliverDueEmails(db, transport, t.ctx.now())).toMatchObject({ failed: 0 });
    return smtp.received.filter((m) => m.raw.includes(`filename=${invoice.number}.pdf`));
  };
  const boat = await createBoat(db, { title: { en: 'Date Boat', es: 'Barco de fechas' } });
  let day = 5;
  /** A trip of its own (2 h, 10 seats at `seatPriceCents` a seat-hour), a day after the last. */
  const trip = (seatPriceCents = 2500, seatsTotal = 10, onBoat = boat.id) =>
    createSharedTrip(db, onBoat, new Date(NOW.getTime() + ++day * DAY), { seatPriceCents, seatsTotal });
  let clients = 0;
  /** Two adults on `slot`, paid by card; `extra` goes into the payment-intent request. */
  const buy = async (slot: Awaited<ReturnType<typeof trip>>, extra: Record<string, unknown> = {}) => {
    const body = sharedRequest(slot.boatId, slot, two, {
      customer: { name: 'Lucía', email: 'lucia@example.com' },
      lang: 'es',
      ...extra,
    });
    const { bookingId } = await buyAndConfirm(t.app, body, `203.0.113.${++clients}`);
    return { id: bookingId, token: await customerToken(t.ctx, bookingId) };
  };
  const offers = async (b: { id: string; token: string }) => {
    const res = await t.app.inject(`/api/bookings/${b.id}/reschedule?token=${b.token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RescheduleOffers>();
  };
  const move = (
    b: { id: string; token: string },
    slotId: string,
    expectedDifference: number,
    hours?: number,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/reschedule`,
      payload: { token: b.token, slotId, expectedDifference, ...(hours ? { hours } : {}) },
      remoteAddress: `198.51.100.${++clients}`,
    });
  /** The card form pays a dearer trip's difference, then the page's confirm call. */
  const payDifference = async (b: { id: string; token: string }, clientSecret: string, number = CARDS.ok) => {
    await payByCard(t.app, clientSecret, number);
    return t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/reschedule/confirm`,
      payload: { token: b.token, paymentIntentId: clientSecret.slice(0, clientSecret.indexOf('_secret_')) },
    });
  };
  const invoicesListed = async (b: { id: string; token: string }) =>
    (
      await t.app.inject(`/checkout/booking/${b.id}/invoices?token=${b.token}`)
    ).json<BookingInvoicesResponse>().invoices;
  const invoicePdf = async (b: { id: string; token: string }, invoiceId: string) => {
    const res = await t.app.inject(`/checkout/booking/${b.id}/invoices/${invoiceId}/pdf?token=${b.token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  const invoiceShown = async (invoiceId: string) => {
    const res = await t.app.inject({
      url: `/api/owner/customer-invoices/${invoiceId}`,
      headers: bearer(await tokenFor(t, 'admin')),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerInvoiceDetail>();
  };
  const seatsLeftOn = async (b: { id: string; token: string }, slotId: string) =>
    (await offers(b)).options.find((o) => o.slotId === slotId)?.seatsLeft;
  const seatsTaken = async (slotId: string) =>
    (await db.select({ n: slots.seatsTaken }).from(slots).where(eq(slots.id, slotId)))[0]?.n;
  const codesOf = async (bookingId: string) =>
    (await db.select({ code: tickets.code }).from(tickets).where(eq(tickets.bookingId, bookingId))).map(
      (r) => r.code,
    );

  it('shows the policy and the trips of the boat with room, each with its price and the difference', async () => {
    const from = await trip();
    const same = await trip();
    const cheaper = await trip(2000);
    const dearer = await trip(3000);
    const full = await trip(2500, 1);
    const booking = await buy(from);
    const answer = await offers(booking);
    expect(answer).toMatchObject({
      policy: { allowed: true, hoursBefore: 48, maxTimes: 1, fee: 0 },
      allowed: true,
      reason: null,
      timesLeft: 1,
      paid: 100,
      closesAt: new Date(from.startsAt.getTime() - 48 * HOUR).toISOString(),
    });
    const bySlot = new Map(answer.options.map((o) => [o.slotId, o]));
    expect(bySlot.get(same.id)).toMatchObject({ tripPrice: 100, newTotal: 100, difference: 0 });
    expect(bySlot.get(cheaper.id)).toMatchObject({ tripPrice: 80, difference: -20 });
    expect(bySlot.get(dearer.id)).toMatchObject({ tripPrice: 120, difference: 20 });
    // Its own trip and a trip without room for two are not offered.
    expect(bySlot.has(from.id)).toBe(false);
    expect(bySlot.has(full.id)).toBe(false);
  });

  it('lists the trips of a day the customer picks, beyond the soonest ones, within the boat’s horizon', async () => {
    // A boat of its own with a trip every day for 20 days: the soonest list ends long before.
    // (Its own days, 10 to 30 ahead: the shared counter of the other tests' trips stays as it is.)
    const busy = await createBoat(db, { title: { en: 'Busy Boat' } });
    const busyTrip = (i: number) =>
      createSharedTrip(db, busy.id, new Date(NOW.getTime() + (10 + i) * DAY), { seatPriceCents: 2500 });
    const sold = await buy(await busyTrip(0));
    const later: Awaited<ReturnType<typeof trip>>[] = [];
    for (let i = 1; i <= 20; i++) later.push(await busyTrip(i));
    const soonest = await offers(sold);
    const wanted = later.at(-1)!;
    expect(soonest.options.map((o) => o.slotId)).not.toContain(wanted.id);
    const dayOf = canaryDateKey(wanted.startsAt);
    const res = await t.app.inject(`/api/bookings/${sold.id}/reschedule?token=${sold.token}&date=${dayOf}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RescheduleOffers>().options.map((o) => o.slotId)).toEqual([wanted.id]);
    // A day that is not one is refused on its field.
    const bad = await t.app.inject(`/api/bookings/${sold.id}/reschedule?token=${sold.token}&date=2027-13-40`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('date');
  });

  it('moves to a trip of the same price at once: new tickets, the old seats back on sale, the e-mail in Spanish', async () => {
    const from = await trip();
    const to = await trip();
    const booking = await buy(from);
    const oldCodes = await codesOf(booking.id);
    expect(await seatsTaken(from.id)).toBe(2);

    const res = await move(booking, to.id, 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { _id: booking.id, start: to.startsAt.toISOString(), amountGross: 100 },
      refunded: 0,
    });
    expect(await seatsTaken(from.id)).toBe(0);
    expect(await seatsTaken(to.id)).toBe(2);
    const newCodes = await codesOf(booking.id);
    expect(newCodes).toHaveLength(2);
    expect(newCodes.some((c) => oldCodes.includes(c))).toBe(false);
    const [entry] = await db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, booking.id), eq(bookingHistory.code, 'rescheduled')));
    expect(entry).toMatchObject({ fromStatus: 'paid', toStatus: 'paid', actor: 'customer' });
    expect(String(entry?.params.replacedCodes).split(' ').sort()).toEqual([...oldCodes].sort());
    expect((await ledgerOf(db, booking.id)).netCents).toBe(10_000);

    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    const moved = mails.find((m) => m.kind === 'rescheduled');
    expect(moved?.subject).toMatch(/^Fecha cambiada: Barco de fechas/);
    expect(moved?.textBody).toContain(newCodes[0]);
    // Once is what the site default allows.
    expect(await offers(booking)).toMatchObject({ allowed: false, reason: 'limit_reached', options: [] });
    const again = await move(booking, from.id, 0);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'reschedule_refused', details: { reason: 'limit_reached' } });
  });

  it('moves to a cheaper trip and refunds the difference to the card through the ledger', async () => {
    const from = await trip();
    const to = await trip(2000);
    const booking = await buy(from);
    const res = await move(booking, to.id, -20);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: 20 });
    const ledger = await ledgerOf(db, booking.id);
    expect(ledger).toMatchObject({ receivedCents: 10_000, refundedCents: 2_000, netCents: 8_000 });
    const booked = await t.app.inject(`/api/bookings/${booking.id}?token=${booking.token}`);
    expect(booked.json<{ booking: PublicBooking }>().booking).toMatchObject({
      start: to.startsAt.toISOString(),
      amountGross: 80,
    });
  });

  it('holds a dearer trip while the card pays; given up or lapsed, nothing is charged and the seats go back', async () => {
    const from = await trip();
    const to = await trip(3000);
    const booking = await buy(from);
    const changed = await move(booking, to.id, 10);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: 'difference_changed', details: { difference: 20 } });

    const held = await move(booking, to.id, 20);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      booking: { start: from.startsAt.toISOString(), amountGross: 100 },
      payment: { amount: 20, holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000).toISOString() },
    });
    // Two of its ten seats are the customer's while they pay; the booking has not moved.
    expect(await seatsLeftOn(booking, to.id)).toBe(8);
    expect(await seatsTaken(from.id)).toBe(2);

    // Back on the card form: the seats go back at once, the intent can no longer be paid.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule/release`,
      payload: { token: booking.token },
    });
    expect(back.json()).toEqual({ released: true });
    expect(await seatsLeftOn(booking, to.id)).toBe(10);
    const { clientSecret } = held.json<{ payment: { clientSecret: string } }>().payment;
    expect((await payByCard(t.app, clientSecret)).json()).not.toMatchObject({ status: 'succeeded' });

    // Chosen again and left: the hold lapses like a checkout's and the sweep lets it go.
    const again = await move(booking, to.id, 20);
    expect(again.statusCode, again.body).toBe(200);
    t.setNow(new Date(NOW.getTime() + 16 * 60_000));
    try {
      expect(await seatsLeftOn(booking, to.id)).toBe(10);
      expect(await expireLapsedHolds(t.ctx)).toMatchObject({ canceled: 1 });
      const lapsed = again.json<{ payment: { clientSecret: string } }>().payment.clientSecret;
      const late = await payDifference(booking, lapsed);
      expect(late.statusCode).not.toBe(200);
    } finally {
      t.setNow(NOW);
    }
    expect(await ledgerOf(db, booking.id)).toMatchObject({ receivedCents: 10_000, netCents: 10_000 });
    expect(await seatsTaken(from.id)).toBe(2);
    expect(await seatsTaken(to.id)).toBe(0);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.startsAt).toEqual(from.startsAt);
  });

  it('moves to a dearer trip once its difference is paid by card: new tickets, the payment on the booking', async () => {
    const from = await trip();
    const to = await trip(3000);
    const booking = await buy(from);
    const oldCodes = await codesOf(booking.id);
    const [sale] = await invoicesListed(booking);
    const salePdf = await invoicePdf(booking, sale!._id);
    const held = await move(booking, to.id, 20);
    const { clientSecret } = held.json<{ payment: { clientSecret: string } }>().payment;
    // A declined card leaves everything as it was; the customer tries another.
    const declined = await payDifference(booking, clientSecret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(await seatsTaken(from.id)).toBe(2);

    const paid = await payDifference(booking, clientSecret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      booking: { _id: booking.id, start: to.startsAt.toISOString(), amountGross: 120 },
      paid: 20,
    });
    expect(await seatsTaken(from.id)).toBe(0);
    expect(await seatsTaken(to.id)).toBe(2);
    const newCodes = await codesOf(booking.id);
    expect(newCodes).toHaveLength(2);
    expect(newCodes.some((c) => oldCodes.includes(c))).toBe(false);
    expect(await ledgerOf(db, booking.id)).toMatchObject({ receivedCents: 12_000, netCents: 12_000 });
    expect((await paymentsOf(db, booking.id)).map((p) => [p.amountCents, p.status])).toEqual([
      [10_000, 'succeeded'],
      [2_000, 'succeeded'],
    ]);
    // The confirm call again: the same answer, nothing moved twice.
    const repeat = await payDifference(booking, clientSecret);
    expect(repeat.statusCode, repeat.body).toBe(200);
    const moves = await db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, booking.id), eq(bookingHistory.code, 'rescheduled')));
    expect(moves).toHaveLength(1);
    expect(moves[0]?.params).toMatchObject({ difference: 20 });
    expect((await ledgerOf(db, booking.id)).receivedCents).toBe(12_000);
    // The booking's invoices follow the money: the sale's and, once, a rectifying one for the 20 €
    // added (issue 38), so they add up to what the customer paid.
    const invoices = await t.app.inject(`/checkout/booking/${booking.id}/invoices?token=${booking.token}`);
    expect(invoices.statusCode, invoices.body).toBe(200);
    const listed = invoices.json<{ invoices: { invoiceType: string; total: number }[] }>().invoices;
    expect(listed.map((i) => [i.invoiceType, i.total])).toEqual([
      ['F2', 100],
      ['R5', 20],
    ]);
    // The sale's invoice is as it was issued: the same PDF, byte for byte, its line on the first
    // trip; the change is the rectifying invoice's own line, naming the invoice it corrects.
    expect(Buffer.from(await invoicePdf(booking, sale!._id)).equals(Buffer.from(salePdf))).toBe(true);
    const es = (at: Date) => formatCanaryDateTime(at, 'es');
    expect((await invoiceShown(sale!._id)).lines).toEqual([
      {
        description: `2 plazas en la excursión compartida a bordo de Barco de fechas, ${es(from.startsAt)}`,
        amount: 100,
      },
    ]);
    const rectifying = await invoiceShown((await invoicesListed(booking))[1]!._id);
    expect(rectifying).toMatchObject({
      tripStartsAt: to.startsAt.toISOString(),
      corrects: { number: sale!.number, issuedAt: sale!.issuedAt },
      lines: [{ description: `Diferencia por el cambio de fecha al ${es(to.startsAt)}`, amount: 20 }],
    });
    // The change's e-mail, in Spanish, carries the rectifying invoice and says so; it is the only
    // e-mail that does, and the sale's invoice went with the confirmation alone.
    const [changed, ...others] = await mailsCarrying(rectifying);
    expect(others).toEqual([]);
    expect(changed?.to).toEqual(['lucia@example.com']);
    expect(mailSubject(changed!.raw)).toMatch(/^Fecha cambiada: Barco de fechas, /);
    expect(mailText(changed!.raw)).toContain(`Te adjuntamos en PDF tu factura ${rectifying.number}.`);
    const pdf = attachment(changed!.raw, `${rectifying.number}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.from(await invoicePdf(booking, rectifying._id)).equals(pdf)).toBe(true);
    expect((await mailsCarrying(sale!)).map((m) => mailSubject(m.raw))).toEqual([
      expect.stringMatching(/^Reserva confirmada: /),
    ]);
    // The seats the hold kept are the booking's now, not counted twice.
    expect(await seatsLeftOn(await buy(await trip()), to.id)).toBe(8);
  });

  it('moves to a dearer trip paid by a card that asks 3-D Secure, once the bank page approves; refused, nothing moves', async () => {
    const from = await trip();
    const to = await trip(3000);
    const booking = await buy(from);
    const manage = `http://localhost:3000/booking/manage?booking=${booking.id}&token=${booking.token}`;
    /** The card form pays with a 3-D Secure card; the bank page answers; back on manage my booking. */
    const throughTheBank = async (number: string, decision: 'approve' | 'fail') => {
      const held = await move(booking, to.id, 20);
      expect(held.statusCode, held.body).toBe(200);
      const { clientSecret } = held.json<{ payment: { clientSecret: string } }>().payment;
      const asked = (await payByCard(t.app, clientSecret, number, manage)).json<{
        status: string;
        redirectUrl: string;
      }>();
      expect(asked.status).toBe('requires_action');
      const page = await t.app.inject(asked.redirectUrl);
      const hidden = Object.fromEntries(
        [...page.body.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)]
          .filter((m) => m[1] !== 'decision')
          .map((m) => [m[1]!, m[2]!.replace(/&#38;/g, '&')]),
      );
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/authenticate',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...hidden, decision }).toString(),
      });
      expect(back.statusCode).toBe(303);
      // Back where the customer left, with the payment beside the booking and its token.
      const returned = new URL(back.headers.location as string);
      expect(returned.pathname).toBe('/booking/manage');
      expect(returned.searchParams.get('booking')).toBe(booking.id);
      expect(returned.searchParams.get('token')).toBe(booking.token);
      const intentId = returned.searchParams.get('payment_intent')!;
      expect(returned.searchParams.get('redirect_status')).toBe(
        decision === 'approve' ? 'succeeded' : 'failed',
      );
      return { intentId, redirectStatus: returned.searchParams.get('redirect_status') };
    };

    // Refused: the page gives the held trip up; nothing was charged, the date stays.
    await throughTheBank(CARDS.threeDsAlt, 'fail');
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule/release`,
      payload: { token: booking.token },
    });
    expect(released.json()).toEqual({ released: true });
    expect(await seatsTaken(from.id)).toBe(2);
    expect(await seatsTaken(to.id)).toBe(0);
    expect(await ledgerOf(db, booking.id)).toMatchObject({ receivedCents: 10_000 });

    // Approved: the page's confirm call moves the booking for the difference the bank approved.
    const { intentId } = await throughTheBank(CARDS.threeDs, 'approve');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule/confirm`,
      payload: { token: booking.token, paymentIntentId: intentId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      booking: { _id: booking.id, start: to.startsAt.toISOString(), amountGross: 120 },
      paid: 20,
    });
    expect(await seatsTaken(from.id)).toBe(0);
    expect(await seatsTaken(to.id)).toBe(2);
    expect(await ledgerOf(db, booking.id)).toMatchObject({ receivedCents: 12_000, netCents: 12_000 });
  });

  it('follows the boat’s own policy as it stood at the sale: not allowed, too late, and a fee that makes an equal trip dearer', async () => {
    const strict = await createBoat(db, {
      reschedulePolicy: { allowed: false, hoursBefore: 24, maxTimes: 1, feeCents: 0 },
    });
    const early = await buy(await trip(2500, 10, strict.id));
    const target = await trip(2500, 10, strict.id);
    expect(await offers(early)).toMatchObject({
      policy: { allowed: false },
      allowed: false,
      reason: 'not_allowed',
      options: [],
    });
    const refused = await move(early, target.id, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'reschedule_refused', details: { reason: 'not_allowed' } });

    await db
      .update(boats)
      .set({ reschedulePolicy: { allowed: true, hoursBefore: 24 * 30, maxTimes: 2, feeCents: 1500 } })
      .where(eq(boats.id, strict.id));
    // A booking keeps the policy it was sold under; a later one takes the new.
    expect(await offers(early)).toMatchObject({ allowed: false, reason: 'not_allowed' });
    expect(await offers(await buy(await trip(2500, 10, strict.id)))).toMatchObject({
      allowed: false,
      reason: 'too_late',
    });

    await db
      .update(boats)
      .set({ reschedulePolicy: { allowed: true, hoursBefore: 24, maxTimes: 2, feeCents: 1500 } })
      .where(eq(boats.id, strict.id));
    const booking = await buy(await trip(2500, 10, strict.id));
    const withFee = await offers(booking);
    expect(withFee).toMatchObject({ allowed: true, timesLeft: 2, policy: { fee: 15 } });
    expect(withFee.options.find((o) => o.slotId === target.id)).toMatchObject({
      tripPrice: 100,
      fee: 15,
      newTotal: 115,
      difference: 15,
    });
    // To a €80 trip: €80 + the €15 fee = €95, so €5 comes back; the fee is a line of the booking.
    const cheaper = await trip(2000, 10, strict.id);
    const res = await move(booking, cheaper.id, -5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refunded: 5,
      booking: {
        amountGross: 95,
        extras: [{ name: { en: 'Change of date', es: 'Cambio de fecha' }, total: 15 }],
      },
    });
    expect((await ledgerOf(db, booking.id)).netCents).toBe(9_500);
  });

  it('keeps a booking’s free change once when the operator later switches changes off (issue 58)', async () => {
    const relaxed = await createBoat(db, { reschedulePolicy: null });
    const booked = await buy(await trip(2500, 10, relaxed.id));
    const target = await trip(2500, 10, relaxed.id);
    await db
      .update(boats)
      .set({ reschedulePolicy: { allowed: false, hoursBefore: 48, maxTimes: 1, feeCents: 0 } })
      .where(eq(boats.id, relaxed.id));
    expect(await offers(booked)).toMatchObject({
      policy: { allowed: true, maxTimes: 1, fee: 0 },
      allowed: true,
      timesLeft: 1,
    });
    const moved = await move(booked, target.id, 0);
    expect(moved.statusCode, moved.body).toBe(200);
    // Bought after the switch: no change of date.
    const later = await buy(await trip(2500, 10, relaxed.id));
    expect(await offers(later)).toMatchObject({ allowed: false, reason: 'not_allowed' });
  });

  it('leaves a booking paid on account by a reseller, or in person, to whoever took the money', async () => {
    const booking = await buy(await trip());
    await db.insert(payments).values({
      bookingId: booking.id,
      provider: 'reseller',
      providerId: `on-account-${booking.id}`,
      amountCents: 1000,
      status: 'processing',
      method: 'reseller',
    });
    expect(await offers(booking)).toMatchObject({ allowed: false, reason: 'paid_elsewhere', options: [] });
    const refused = await move(booking, (await trip()).id, 0);
    expect(refused.json()).toMatchObject({
      error: 'reschedule_refused',
      details: { reason: 'paid_elsewhere' },
    });
  });

  it('answers 400 naming the field for bad input, and 403 for another booking’s token', async () => {
    const booking = await buy(await trip());
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule`,
      payload: { token: booking.token, slotId: 'tomorrow', expectedDifference: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('slotId');
    const noFigure = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/reschedule`,
      payload: { token: booking.token, slotId: booking.id },
    });
    expect(noFigure.statusCode).toBe(400);
    expect(noFigure.body).toContain('expectedDifference');
    const other = await buy(await trip());
    const foreign = await t.app.inject(`/api/bookings/${booking.id}/reschedule?token=${other.token}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('shares a cheaper trip’s refund between the gift voucher and the card that paid', async () => {
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/gift-vouchers',
      payload: {
        amount: 6000,
        purchaser: { name: 'Pia', email: 'pia@example.com' },
        recipient: { name: 'Lucía', email: 'lucia@example.com', message: '', language: 'es' },
        lang: 'es',
      },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { clientSecret } = bought.json<{ clientSecret: string }>();
    expect((await payByCard(t.app, clientSecret)).json()).toEqual({ status: 'succeeded' });
    const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    const confirmed = await t.app.inject(`/api/gift-vouchers/confirm?payment_intent=${intentId}`);
    const { voucher } = confirmed.json<{ voucher: { code: string } }>();

    const from = await trip();
    const to = await trip(2000);
    const body = sharedRequest(boat.id, from, two, {
      customer: { name: 'Lucía', email: 'lucia@example.com' },
    });
    (body.booking as Record<string, unknown>).voucherCode = voucher.code;
    const { bookingId } = await buyAndConfirm(t.app, body, '203.0.113.250');
    const booking = { id: bookingId, token: await customerToken(t.ctx, bookingId) };
    expect((await offers(booking)).paid).toBe(100);

    const res = await move(booking, to.id, -20);
    expect(res.statusCode, res.body).toBe(200);
    // €60 by voucher and €40 by card: €20 back as €12 on the voucher (its balance in cents) and €8 to the card.
    const rows = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const ledger = await ledgerOf(db, bookingId);
    expect(ledger.netCents).toBe(8_000);
    expect(rows.map((r) => r.method).sort()).toEqual(['card', 'voucher']);
    const balance = await t.app.inject(`/api/gift-vouchers/balance?code=${voucher.code}`);
    expect(balance.json()).toMatchObject({ balance: 1200 });
    // Each share's refund e-mail carries its own rectifying invoice and says so; the change's
    // e-mail carries neither.
    const rectifying = (await invoicesListed(booking)).filter((i) => i.invoiceType === 'R5');
    expect(rectifying.map((i) => i.total).sort((a, b) => a - b)).toEqual([-12, -8]);
    for (const [amount, subject] of [
      [-12, '€12.00 back on your gift voucher'],
      [-8, 'Refund issued: €8.00'],
    ] as const) {
      const invoice = rectifying.find((i) => i.total === amount)!;
      const mails = await mailsCarrying(invoice);
      expect(mails.map((m) => mailSubject(m.raw))).toEqual([subject]);
      expect(mailText(mails[0]!.raw)).toContain(
        `Your invoice ${invoice.number} is attached to this e-mail as a PDF.`,
      );
    }
  });

  it('gives the last seats once: a checkout and a reschedule for them at the same time get one each, never both', async () => {
    const from = await trip();
    const last = await trip(2500, 4);
    const booking = await buy(from);
    // Two of its four seats are sold: two left, and both want two.
    await buy(last);
    expect(await seatsTaken(last.id)).toBe(2);
    const [moved, checkout] = await Promise.all([
      move(booking, last.id, 0),
      requestHold(t.app, sharedRequest(boat.id, last, two), '203.0.113.251'),
    ]);
    const won = [moved.statusCode, checkout.statusCode].filter((s) => s === 200);
    expect(won, `${moved.body} / ${checkout.body}`).toHaveLength(1);
    expect([moved.statusCode, checkout.statusCode]).toContain(409);
    const seats = await seatsTaken(last.id);
    expect(seats).toBe(moved.statusCode === 200 ? 4 : 2);
  });

  it('gives the last seats once to a checkout or a dearer trip held while its card pays, never both', async () => {
    const from = await trip();
    const last = await trip(3000, 4);
    await buy(last);
    const booking = await buy(from);
    const [held, checkout] = await Promise.all([
      move(booking, last.id, 20),
      requestHold(t.app, sharedRequest(boat.id, last, two), '203.0.113.252'),
    ]);
    expect([held.statusCode, checkout.statusCode].sort(), `${held.body} / ${checkout.body}`).toEqual([
      200, 409,
    ]);
    if (held.statusCode === 200) {
      // While the card is being paid, the held seats are not for sale.
      const meanwhile = await requestHold(t.app, sharedRequest(boat.id, last, two), '203.0.113.253');
      expect(meanwhile.statusCode).toBe(409);
      const paid = await payDifference(
        booking,
        held.json<{ payment: { clientSecret: string } }>().payment.clientSecret,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await seatsTaken(last.id)).toBe(4);
    } else {
      expect(held.json()).toMatchObject({ error: 'trip_unavailable' });
      expect(await seatsTaken(from.id)).toBe(2);
    }
  });

  describe('a charter, to another start and length', async () => {
    // €150 an hour; its hours 10:00–14:00 on two days a month ahead.
    const charterBoat = await createBoat(db, { title: { en: 'Charter Boat' } });
    const first = await createPrivateRun(db, charterBoat.id, new Date(NOW.getTime() + 20 * DAY), 4);
    const second = await createPrivateRun(db, charterBoat.id, new Date(NOW.getTime() + 21 * DAY), 4);
    let runs = 21;
    const runOf = async () => createPrivateRun(db, charterBoat.id, new Date(NOW.getTime() + ++runs * DAY), 4);
    const charter = async (start: { id: string; startsAt: Date }, hours: number) => {
      const body = charterRequest(charterBoat, start, hours, {
        customer: { name: 'Lucía', email: 'lucia@example.com' },
        lang: 'es',
      });
      const { bookingId } = await buyAndConfirm(t.app, body, `203.0.113.${++clients}`);
      return { id: bookingId, token: await customerToken(t.ctx, bookingId) };
    };
    const hoursOf = async (bookingId: string) =>
      (
        await db
          .select({ slotId: bookingSlots.slotId })
          .from(bookingSlots)
          .where(and(eq(bookingSlots.bookingId, bookingId), eq(bookingSlots.active, true)))
      )
        .map((r) => r.slotId)
        .sort();
    const charterOffers = async (b: { id: string; token: string }, hours?: number) => {
      const res = await t.app.inject(
        `/api/bookings/${b.id}/reschedule?token=${b.token}${hours ? `&hours=${hours}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RescheduleOffers>();
    };

    it('moves at once to another day’s same hours, and the old hours are for sale again', async () => {
      const booking = await charter(first[0]!, 2);
      const answer = await charterOffers(booking);
      expect(answer).toMatchObject({ allowed: true, charterHours: { min: 1, max: 8, chosen: 2 } });
      expect(answer.options.find((o) => o.slotId === second[0]!.id)).toMatchObject({
        hours: 2,
        end: second[1]!.endsAt.toISOString(),
        tripPrice: 300,
        difference: 0,
      });
      const res = await move(booking, second[0]!.id, 0, 2);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        booking: { start: second[0]!.startsAt.toISOString() },
        payment: null,
      });
      expect(await hoursOf(booking.id)).toEqual([second[0]!.id, second[1]!.id].sort());
      expect(await codesOf(booking.id)).toHaveLength(1);
      // Its old hours are free: another customer charters them.
      await charter(first[0]!, 2);
    });

    it('moves to a shorter charter and refunds the difference', async () => {
      const run = await runOf();
      const booking = await charter(run[0]!, 3);
      const shorter = (await charterOffers(booking, 2)).options.find((o) => o.slotId === run[1]!.id);
      expect(shorter).toMatchObject({ hours: 2, tripPrice: 300, difference: -150 });
      const res = await move(booking, run[1]!.id, -150, 2);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refunded: 150, booking: { amountGross: 300 } });
      expect(await hoursOf(booking.id)).toEqual([run[1]!.id, run[2]!.id].sort());
      expect((await ledgerOf(db, booking.id)).netCents).toBe(30_000);
    });

    it('holds a longer charter from the same start while the card pays the difference, then moves it', async () => {
      const run = await runOf();
      const booking = await charter(run[0]!, 2);
      const longer = (await charterOffers(booking, 3)).options.find((o) => o.slotId === run[0]!.id);
      expect(longer).toMatchObject({ hours: 3, tripPrice: 450, difference: 150 });
      const held = await move(booking, run[0]!.id, 150, 3);
      expect(held.statusCode, held.body).toBe(200);
      // The third hour is held for it (its own two stay its own): nobody else may charter it.
      const taken = await requestHold(t.app, charterRequest(charterBoat, run[2]!, 1), '203.0.113.254');
      expect(taken.statusCode).toBe(409);
      const paid = await payDifference(
        booking,
        held.json<{ payment: { clientSecret: string } }>().payment.clientSecret,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ booking: { amountGross: 450, end: run[2]!.endsAt.toISOString() } });
      expect(await hoursOf(booking.id)).toEqual([run[0]!.id, run[1]!.id, run[2]!.id].sort());
      expect(await ledgerOf(db, booking.id)).toMatchObject({ receivedCents: 45_000, netCents: 45_000 });
      expect(await codesOf(booking.id)).toHaveLength(1);
    });
  });
});

describe('a dearer trip paid through the Stripe SDK against the local fake', async () => {
  const { t, fake } = await stripeTestApp(NOW);
  const db = t.ctx.db;
  const boat = await createBoat(db, { title: { en: 'Date Boat', es: 'Barco de fechas' } });
  let day = 5;
  let events = 0;
  const trip = (seatPriceCents = 2500) =>
    createSharedTrip(db, boat.id, new Date(NOW.getTime() + ++day * DAY), { seatPriceCents });
  const intentOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const buy = async (slot: Awaited<ReturnType<typeof trip>>) => {
    const res = await requestHold(
      t.app,
      sharedRequest(boat.id, slot, two, {
        customer: { name: 'Lucía', email: 'lucia@example.com' },
        lang: 'es',
      }),
      `203.0.113.${day}`,
    );
    const { bookingId, clientSecret } = res.json<{ bookingId: string; clientSecret: string }>();
    fake.succeed(intentOf(clientSecret));
    expect(
      (await t.app.inject(`/checkout/confirm?payment_intent=${intentOf(clientSecret)}`)).statusCode,
    ).toBe(200);
    return { id: bookingId, token: await customerToken(t.ctx, bookingId) };
  };
  const holdDearer = async (b: { id: string; token: string }, slotId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/reschedule`,
      payload: { token: b.token, slotId, expectedDifference: 20 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return intentOf(res.json<{ payment: { clientSecret: string } }>().payment.clientSecret);
  };
  const confirm = (b: { id: string; token: string }, paymentIntentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/reschedule/confirm`,
      payload: { token: b.token, paymentIntentId },
    });
  const webhook = (intentId: string) => {
    const payload = JSON.stringify({
      id: `evt_reschedule_${++events}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent' } },
    });
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
  const rescheduled = async (bookingId: string) =>
    db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.code, 'rescheduled')));

  it('asks Stripe for the difference, moves the booking on the confirm call and not again on the webhook', async () => {
    const from = await trip();
    const to = await trip(3000);
    const booking = await buy(from);
    const intentId = await holdDearer(booking, to.id);
    const created = fake.requests
      .filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST')
      .at(-1)!;
    expect(created.form.get('amount')).toBe('2000');
    expect(created.form.get('metadata[rescheduleOf]')).toBe(booking.id);

    // Not paid yet: 402 with Stripe's state, the booking where it was.
    const early = await confirm(booking, intentId);
    expect(early.statusCode).toBe(402);
    fake.succeed(intentId);
    const paid = await confirm(booking, intentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      booking: { start: to.startsAt.toISOString(), amountGross: 120 },
      paid: 20,
    });
    expect((await webhook(intentId)).statusCode).toBe(200);
    expect(await rescheduled(booking.id)).toHaveLength(1);
    expect(await ledgerOf(db, booking.id)).toMatchObject({ receivedCents: 12_000, netCents: 12_000 });

    await queueEventEmails(t.ctx);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    expect(mails.find((m) => m.kind === 'rescheduled')?.subject).toMatch(/^Fecha cambiada: Barco de fechas/);
  });

  it('moves once when the webhook comes before the confirm call', async () => {
    const from = await trip();
    const to = await trip(3000);
    const booking = await buy(from);
    const intentId = await holdDearer(booking, to.id);
    fake.succeed(intentId);
    expect((await webhook(intentId)).statusCode).toBe(200);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.startsAt).toEqual(to.startsAt);
    const late = await confirm(booking, intentId);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ booking: { start: to.startsAt.toISOString() }, paid: 20 });
    expect(await rescheduled(booking.id)).toHaveLength(1);
    expect((await ledgerOf(db, booking.id)).receivedCents).toBe(12_000);
    // Nobody asked Stripe for a refund.
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
  });
});
