import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@boats/domain/money';
import { bookingHistory, bookings, emailOutbox, slots, tickets } from '../../../src/db/schema';
import { lockBookingRow } from '../../../src/modules/bookings/booking-repository';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { transition } from '../../../src/modules/bookings/lifecycle';
import { paymentLinkUrl } from '../../../src/modules/payment-links/payment-link-token';
import { buildTestApp } from '../../helpers/test-app';
import { customerToken } from '../../helpers/manage-token';
import {
  bookingUrl,
  card,
  CARDS,
  buyAndConfirm,
  charterRequest,
  confirmReturn,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  createSlot,
  HOUR,
  payByCard,
  requestHold,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z'); // 10:00 in the Canaries (summer time)
// The booking screen's own address: the 3-D Secure page must come back to it as it was.
const RETURN_URL = 'http://localhost:3000/booking?boatId=x';

describe('checkout: holds, sandbox card payments, confirmation and the booking view', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { pricePerHourCents: 15000, capacity: 10 });
  const payWith = (clientSecret: string, number: string) =>
    payByCard(t.app, clientSecret, number, RETURN_URL);
  const confirm = (intentId: string) => confirmReturn(t.app, intentId, `confirm-${intentId}`);

  it('books a shared trip for 2 adults, a child 6–12 and a child under 6: 4 tickets at the right prices', async () => {
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: DAY,
      hours: 2,
      seatsTotal: 12,
      seatsTaken: 2,
      seatPriceCents: 2500,
    });
    const body = sharedRequest(
      boat.id,
      trip,
      { adults: 2, children50: 1, kidsFree: 1 },
      {
        customer: { name: 'Ana García', email: 'ana@example.com', phone: '+34600111222' },
        lang: 'es',
      },
    );
    // (2 + ½) × €25 × 2 h = €125
    expect(body.amount).toBe(12500);
    const intent = await startCheckout(t.app, body);
    expect(intent.amount).toBe(12500);
    expect(intent.holdExpiresAt).toBe(new Date(NOW.getTime() + 15 * 60_000).toISOString());

    const paid = await payWith(intent.clientSecret, CARDS.ok);
    expect(paid.json()).toEqual({ status: 'succeeded' });

    const confirmed = await confirm(intent.intentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ booking: { booking: { _id: intent.bookingId } } });

    const view = await t.app.inject(bookingUrl(t.ctx, intent.bookingId));
    expect(view.statusCode).toBe(200);
    const booking = view.json<{ booking: Record<string, unknown> }>().booking;
    // The confirm call already answered the paid booking, tickets and all: no follow-up GET needed.
    expect(confirmed.json()).toEqual({ booking: { booking } });
    expect(booking).toMatchObject({
      _id: intent.bookingId,
      type: 'shared',
      status: 'paid',
      seats: 4,
      people: 4,
      amountGross: 125,
      passengers: { adults: 2, child_u13: 1, child_u6: 1 },
      customer: { name: 'Ana García', email: 'ana@example.com' },
      boat: { _id: boat.id, title: 'Barco de prueba' },
    });
    expect(booking).not.toHaveProperty('platformFee');
    expect(booking).not.toHaveProperty('ownerAmount');
    const ticketList = booking.tickets as {
      code: string;
      seatNo: number;
      passengerType: string;
      pricePaid: number;
    }[];
    expect(ticketList.map((x) => [x.passengerType, x.pricePaid, x.seatNo])).toEqual([
      ['adult', 50, 3],
      ['adult', 50, 4],
      ['child_u13', 25, 5],
      ['child_u6_free', 0, 6],
    ]);
    expect(new Set(ticketList.map((x) => x.code)).size).toBe(4);

    const [row] = await db.select().from(bookings).where(eq(bookings.id, intent.bookingId));
    expect(row).toMatchObject({ commissionBps: 1500 });
    expect(await ledgerOf(db, intent.bookingId)).toMatchObject({ receivedCents: 12500, netCents: 12500 });
    const [slotRow] = await db.select().from(slots).where(eq(slots.id, trip.id));
    expect(slotRow?.seatsTaken).toBe(6);
    const history = await db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, intent.bookingId));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.code])).toEqual([
      [null, 'pending', 'checkout_started'],
      ['pending', 'paid', 'payment_succeeded'],
    ]);

    // Confirming again changes nothing: one booking, one set of tickets, one e-mail.
    await queueEventEmails(t.ctx);
    const again = await confirm(intent.intentId);
    expect(again.json()).toMatchObject({ booking: { booking: { _id: intent.bookingId } } });
    await queueEventEmails(t.ctx);
    const allTickets = await db.select().from(tickets).where(eq(tickets.bookingId, intent.bookingId));
    expect(allTickets).toHaveLength(4);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, intent.bookingId));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'ana@example.com', kind: 'booking_confirmation' });
    expect(mails[0]?.subject).toContain('Reserva confirmada');
    expect(mails[0]?.textBody).toContain('10:00–12:00');
    // The trip's price line as the review showed it, above the total, so the total can be checked.
    expect(mails[0]?.textBody).toContain(
      `Precio: 2 adultos × ${formatMoney(5_000, 'es')}, 1 niño de 6 a 12 × ${formatMoney(2_500, 'es')}, 1 menor de 6 gratis\n`,
    );
    expect(mails[0]?.attachments[0]?.filename).toMatch(/\.ics$/);
    expect(mails[0]?.attachments[0]?.content).toContain('DTSTART:20270610T090000Z');
  });

  it('books a charter of 3 contiguous hours and marks them taken', async () => {
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 24 * HOUR), 4);
    const body = charterRequest(boat, run[0]!, 3, {
      customer: { name: 'John Smith', email: 'john@example.com' },
    });
    expect(body.amount).toBe(45000);
    const intent = await startCheckout(t.app, body);
    expect((await payWith(intent.clientSecret, CARDS.ok)).json()).toEqual({ status: 'succeeded' });
    expect((await confirm(intent.intentId)).statusCode).toBe(200);

    const view = (await t.app.inject(bookingUrl(t.ctx, intent.bookingId))).json<{
      booking: Record<string, unknown>;
    }>();
    expect(view.booking).toMatchObject({
      type: 'private',
      status: 'paid',
      amountGross: 450,
      start: run[0]!.startsAt.toISOString(),
      end: run[2]!.endsAt.toISOString(),
      people: 2,
      passengers: { adults: 2, child_u13: 0, child_u6: 0 },
    });
    // One boarding pass for the whole party, at the charter price.
    expect(view.booking.tickets).toEqual([
      {
        code: expect.stringMatching(/^TF-/),
        kind: 'boarding_pass',
        seatNo: 1,
        passengerType: 'adult',
        pricePaid: 450,
      },
    ]);
    const availability = await t.app.inject(
      `/api/boat/${boat.id}?start=${run[0]!.startsAt.toISOString()}&end=${new Date(run[3]!.endsAt.getTime()).toISOString()}`,
    );
    const priv = availability.json<{ availability: { private: { _id: string; available: boolean }[] } }>()
      .availability.private;
    expect(priv.map((s) => s.available)).toEqual([false, false, false, true]);

    // The same hours again: refused, the database holds the claim.
    const second = await requestHold(t.app, body);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'slots_unavailable' });
  });

  it('refuses a charter that runs into a gap or past the boat maximum', async () => {
    const start = new Date(DAY.getTime() + 48 * HOUR);
    const run = await createPrivateRun(db, boat.id, start, 2);
    await createSlot(db, boat.id, { type: 'private', start: new Date(start.getTime() + 3 * HOUR) });
    const gap = await requestHold(t.app, charterRequest(boat, run[0]!, 3));
    // The same rule and code as the booking screen's Continue button (continueBlockers).
    expect(gap.statusCode).toBe(400);
    expect(gap.json()).toMatchObject({
      error: 'durationOutOfRange',
      message: 'From this start time a charter of this boat lasts 1 to 2 hours.',
      details: { field: 'booking.durationHours' },
    });
    const tooLong = await requestHold(t.app, charterRequest(boat, run[0]!, 9));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'durationOutOfRange' });
  });

  it('declined card: the booking stays pending, confirm says 402, the hold lapses', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 72 * HOUR), {
      seatsTotal: 4,
      seatPriceCents: 3000,
    });
    const intent = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 4, children50: 0, kidsFree: 0 }),
    );
    const declined = await payWith(intent.clientSecret, CARDS.declined);
    expect(declined.json()).toEqual({
      status: 'requires_payment_method',
      message: 'Your card was declined.',
    });
    const refused = await confirm(intent.intentId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      error: 'payment_not_succeeded',
      message: 'Your card was declined.',
    });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, intent.bookingId));
    expect(row?.status).toBe('pending');

    // Another customer cannot take the seats while the hold lives...
    const other = await requestHold(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'tooManySeats', message: 'This trip is sold out.' });

    // ...and can once it has lapsed, before any sweep ran.
    t.setNow(new Date(NOW.getTime() + 16 * 60_000));
    try {
      const later = await requestHold(
        t.app,
        sharedRequest(boat.id, trip, { adults: 4, children50: 0, kidsFree: 0 }),
      );
      expect(later.statusCode).toBe(200);

      // The first customer's retry with a good card now comes too late: refunded, never oversold.
      expect((await payWith(intent.clientSecret, CARDS.ok)).json()).toEqual({ status: 'succeeded' });
      const lateConfirm = await confirm(intent.intentId);
      expect(lateConfirm.statusCode).toBe(409);
      expect(lateConfirm.json()).toMatchObject({
        error: 'booking_released',
        message: expect.stringContaining('refunded in full') as unknown,
      });
      const [late] = await db.select().from(bookings).where(eq(bookings.id, intent.bookingId));
      expect(late?.status).toBe('refunded');
      expect(await ledgerOf(db, intent.bookingId)).toMatchObject({
        receivedCents: 24000,
        refundedCents: 24000,
        netCents: 0,
      });
      const intentView = await t.ctx.payments.retrieveIntent(intent.intentId);
      expect(intentView.amountRefundedCents).toBe(24000);
    } finally {
      t.setNow(NOW);
    }
  });

  it('3-D Secure: approve goes back to the site like Stripe and the payment confirms', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 96 * HOUR), {
      hours: 1,
      seatPriceCents: 4000,
    });
    for (const [number, decision] of [
      [CARDS.threeDs, 'approve'],
      [CARDS.threeDsAlt, 'fail'],
    ] as const) {
      const intent = await startCheckout(
        t.app,
        sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
      );
      const answer = (await payWith(intent.clientSecret, number)).json<{
        status: string;
        redirectUrl: string;
      }>();
      expect(answer.status).toBe('requires_action');
      const page = await t.app.inject(answer.redirectUrl);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Approve');
      expect(page.body).toContain('Fail');
      expect(page.body).not.toContain('<script');
      // The page speaks the language the visitor booked in, not the browser's
      // (test/api/payments/sandbox-auth-page.test.ts has the Spanish and Russian pages).
      const spanishBrowser = await t.app.inject({
        url: answer.redirectUrl,
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
      });
      expect(spanishBrowser.body).toContain('Approve');
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
      const location = new URL(back.headers.location as string);
      expect(location.origin + location.pathname).toBe('http://localhost:3000/booking');
      expect(location.searchParams.get('boatId')).toBe('x');
      expect(location.searchParams.get('payment_intent')).toBe(intent.intentId);
      expect(location.searchParams.get('payment_intent_client_secret')).toBe(intent.clientSecret);
      expect(location.searchParams.get('redirect_status')).toBe(
        decision === 'approve' ? 'succeeded' : 'failed',
      );

      const confirmed = await confirm(intent.intentId);
      expect(confirmed.statusCode).toBe(decision === 'approve' ? 200 : 402);
    }
  });

  it('refuses a tampered amount or breakdown with 409 naming both figures', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 120 * HOUR));
    const body = sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 });
    const cheap = await requestHold(t.app, { ...body, amount: 100 });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json<{ message: string }>().message).toContain('€1.00');
    expect(cheap.json<{ message: string }>().message).toContain('€100.00');
    const breakdown = await requestHold(t.app, {
      ...body,
      booking: { ...body.booking, priceBreakdown: { ...body.booking.priceBreakdown, unitPerHour: 1 } },
    });
    expect(breakdown.statusCode).toBe(409);
    expect(breakdown.json()).toMatchObject({ error: 'price_mismatch' });
  });

  it('answers bad input with a 4xx naming the problem, never a 500', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 144 * HOUR));
    const good = sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 });
    const post = (payload: unknown, url = '/api/boat/payment-intent') =>
      t.app.inject({ method: 'POST', url, payload: payload as object });
    const cases: [unknown, number, string][] = [
      [{}, 400, 'body.currency'],
      [{ ...good, amount: 'lots' }, 400, 'body.amount'],
      [{ ...good, amount: -5 }, 400, 'body.amount'],
      [
        { ...good, booking: { ...good.booking, tickets: { adults: -1, children50: 0, kidsFree: 0 } } },
        400,
        'tickets.adults',
      ],
      [
        { ...good, booking: { ...good.booking, tickets: { adults: 1, children50: 0, kidsFree: 2 } } },
        400,
        'one child under 6',
      ],
      [{ ...good, booking: { ...good.booking, tickets: undefined } }, 400, 'body.booking.tickets'],
      [{ ...good, booking: { ...good.booking, boatId: 'nope' } }, 400, 'boatId'],
      [
        { ...good, booking: { ...good.booking, boatId: '00000000-0000-4000-8000-000000000000' } },
        404,
        'Boat',
      ],
      [
        { ...good, booking: { ...good.booking, slotId: '00000000-0000-4000-8000-000000000000' } },
        404,
        'Slot',
      ],
      [{ ...good, booking: { ...good.booking, mode: 'private' } }, 400, 'mode'],
      [{ ...good, booking: { ...good.booking, dateISO: 'tomorrow' } }, 400, 'dateISO'],
    ];
    for (const [payload, status, text] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.body).toContain(text);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...good, pad: 'x'.repeat(40_000) }),
    });
    expect(huge.statusCode).toBe(413);

    const past = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(NOW.getTime() - HOUR),
      seatsTotal: 5,
      seatPriceCents: 100,
    });
    const started = await post(sharedRequest(boat.id, past, { adults: 1, children50: 0, kidsFree: 0 }));
    expect(started.statusCode).toBe(409);
    expect(started.json()).toMatchObject({ error: 'slotStarted' });

    expect((await t.app.inject('/checkout/confirm')).statusCode).toBe(400);
    expect((await t.app.inject('/checkout/confirm?payment_intent=pi_unknown')).statusCode).toBe(404);
    expect((await t.app.inject('/checkout/booking/not-a-uuid')).statusCode).toBe(400);
    // An unknown id is not found only once a key the server signed comes with it.
    expect((await t.app.inject('/checkout/booking/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      400,
    );
    expect((await t.app.inject(bookingUrl(t.ctx, '00000000-0000-4000-8000-000000000000'))).statusCode).toBe(
      404,
    );
    const sandbox = await post(
      { clientSecret: 'x_secret_y', card: card('4242'), returnUrl: RETURN_URL },
      '/api/payments/sandbox/confirm',
    );
    expect(sandbox.statusCode).toBe(404);
    const noCard = await post(
      { clientSecret: 'x_secret_y', returnUrl: RETURN_URL },
      '/api/payments/sandbox/confirm',
    );
    expect(noCard.statusCode).toBe(400);
    expect(noCard.body).toContain('body.card');
    const intent = await startCheckout(t.app, good);
    const foreign = await post(
      {
        clientSecret: intent.clientSecret,
        card: card(CARDS.threeDs),
        returnUrl: 'https://evil.example/steal',
      },
      '/api/payments/sandbox/confirm',
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('returnUrl');
    const badNumber = (await payWith(intent.clientSecret, '4242 4242 4242 4241')).json();
    expect(badNumber).toEqual({
      status: 'requires_payment_method',
      message: 'Your card number is incorrect.',
    });
  });

  it('takes contact details on the payment step while the booking is pending', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 168 * HOUR));
    const intent = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );
    const url = bookingUrl(t.ctx, intent.bookingId, '/customer');
    const bad = await t.app.inject({ method: 'POST', url, payload: { customer: { name: 'A' } } });
    expect(bad.statusCode).toBe(400);
    // Online, the e-mail is required: a phone alone would strand the booking (no tickets, no
    // manage my booking), so the answer names the e-mail field.
    const phoneOnly = await t.app.inject({
      method: 'POST',
      url,
      payload: { customer: { name: 'Ana García', phone: '+34600111222' } },
    });
    expect(phoneOnly.statusCode).toBe(400);
    expect(phoneOnly.body).toContain('customer.email');
    const ok = await t.app.inject({
      method: 'POST',
      url,
      payload: {
        customer: { name: 'Иван Петров', email: 'ivan@example.com', phone: '+7 900 123-45-67' },
        lang: 'ru',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      booking: {
        customer: { name: 'Иван Петров', email: 'ivan@example.com', phone: '+79001234567' },
        status: 'pending',
      },
    });
    await payWith(intent.clientSecret, CARDS.ok);
    await confirm(intent.intentId);
    await queueEventEmails(t.ctx);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, intent.bookingId));
    expect(mail?.subject).toContain('Бронирование подтверждено');
    const late = await t.app.inject({
      method: 'POST',
      url,
      payload: { customer: { name: 'Someone Else', email: 'x@example.com' } },
    });
    expect(late.statusCode).toBe(409);
  });

  it("gives a canceled booking's seats and seat numbers to the next customer, never twice", async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 192 * HOUR), { seatsTotal: 4 });
    const buy = async () =>
      (await buyAndConfirm(t.app, sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 })))
        .bookingId;
    const seatsOf = async (id: string) =>
      (await db.select().from(tickets).where(eq(tickets.bookingId, id))).map((x) => x.seatNo).sort();
    const first = await buy();
    const second = await buy();
    expect(await seatsOf(first)).toEqual([1, 2]);
    expect(await seatsOf(second)).toEqual([3, 4]);

    // The operator cancels the first booking through the lifecycle, as the admin module does.
    await db.transaction(async (tx) => {
      const row = await lockBookingRow(tx, first);
      await transition(t.ctx, tx, row!, 'canceled', {
        actor: 'admin@example.com',
        code: 'operator_canceled',
      });
    });
    const third = await buy();
    expect(await seatsOf(third)).toEqual([1, 2]);
    const [slotRow] = await db.select().from(slots).where(eq(slots.id, trip.id));
    expect(slotRow?.seatsTaken).toBe(4);
  });

  it('limits one address to MAX_LIVE_HOLDS_PER_IP unpaid holds, and Back releases a hold at once', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 216 * HOUR), {
      seatsTotal: 20,
    });
    const body = sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 });
    const hold = () => requestHold(t.app, body, '203.0.113.7');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await hold();
      expect(res.statusCode).toBe(200);
      ids.push(res.json<{ bookingId: string }>().bookingId);
    }
    const sixth = await hold();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<{ message: string }>().message).toContain('unfinished checkouts');

    const released = await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, ids[0]!, '/release') });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ booking: { status: 'canceled' } });
    const again = await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, ids[0]!, '/release') });
    expect(again.statusCode).toBe(200);
    const history = await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, ids[0]!));
    expect(history.at(-1)).toMatchObject({ toStatus: 'canceled', actor: 'customer', code: 'released' });
    expect((await hold()).statusCode).toBe(200);

    const availability = await t.app.inject(
      `/api/boat/${boat.id}?start=${trip.startsAt.toISOString()}&end=${trip.endsAt.toISOString()}`,
    );
    expect(
      availability.json<{ availability: { shared: { seatsLeft: number }[] } }>().availability.shared[0]
        ?.seatsLeft,
    ).toBe(10);
    expect(
      (await t.app.inject({ method: 'POST', url: '/checkout/booking/not-a-uuid/release' })).statusCode,
    ).toBe(400);
  });
});

describe('a booking id alone opens nothing: its checkout key or its manage token does (issue 53)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db);
  let trips = 0;
  const request = async () => {
    trips += 1;
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + (40 + trips) * 24 * HOUR));
    return sharedRequest(
      boat.id,
      trip,
      { adults: 1, children50: 0, kidsFree: 0 },
      { customer: { name: 'Ana García', email: 'ana@example.com', phone: '+34600111222' }, lang: 'en' },
    );
  };
  const get = (url: string) => t.app.inject(url);
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, ...(payload && { payload }) });
  const path = (id: string, rest = '') => `/checkout/booking/${id}${rest}`;
  const expectMissingKey = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: [{ path: 'querystring.key' }] });
  };
  const expectWrongKey = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'invalid_checkout_key' });
  };

  it('shows the customer and the tickets only with the booking’s key or its manage token', async () => {
    const mine = await buyAndConfirm(t.app, await request());
    const other = await startCheckout(t.app, await request());
    expect(mine.checkoutKey).toMatch(/^[\w-]{43}$/);
    expect(other.checkoutKey).not.toBe(mine.checkoutKey);

    // The id alone, a made-up key, another booking's key, the payment link's token of this very
    // booking: none opens it, and no answer names the customer.
    const refusals = [
      await get(path(mine.bookingId)),
      await get(`${path(mine.bookingId)}?key=${'x'.repeat(43)}`),
      await get(`${path(mine.bookingId)}?key=${other.checkoutKey}`),
      await get(
        `${path(mine.bookingId)}?key=${new URL(paymentLinkUrl('https://x', mine.bookingId, t.ctx.config.jwtSecret)).searchParams.get('token')}`,
      ),
      await get(`${path(mine.bookingId)}?token=${await customerToken(t.ctx, other.bookingId)}`),
    ];
    expectMissingKey(refusals[0]!);
    for (const res of refusals.slice(1, 4)) expectWrongKey(res);
    expect(refusals[4]!.statusCode).toBe(403);
    expect(refusals[4]!.json()).toMatchObject({ error: 'invalid_manage_token' });
    for (const res of refusals) {
      expect(res.body).not.toContain('ana@example.com');
      expect(res.body).not.toContain('"tickets"');
    }

    const byKey = await get(`${path(mine.bookingId)}?key=${mine.checkoutKey}`);
    expect(byKey.statusCode, byKey.body).toBe(200);
    const { booking } = byKey.json<{ booking: { customer: { email: string }; tickets: unknown[] } }>();
    expect(booking.customer.email).toBe('ana@example.com');
    expect(booking.tickets).toHaveLength(1);
    const byToken = await get(`${path(mine.bookingId)}?token=${await customerToken(t.ctx, mine.bookingId)}`);
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json()).toEqual(byKey.json());

    // An invoice names its recipient: the checkout key does not open the invoices, the token does.
    const invoices = await get(`${path(mine.bookingId, '/invoices')}?key=${mine.checkoutKey}`);
    expect(invoices.statusCode).toBe(400);
    expect(invoices.body).toContain('querystring.token');
  });

  it('saves contact details, releases and pays with a voucher only with the hold’s own key', async () => {
    const mine = await startCheckout(t.app, await request());
    const other = await startCheckout(t.app, await request());
    const stranger = { customer: { name: 'Mallory', email: 'mallory@example.com', phone: '+34600999999' } };
    for (const rest of ['/customer', '/release', '/pay-with-voucher']) {
      const payload = rest === '/customer' ? stranger : undefined;
      expectMissingKey(await post(path(mine.bookingId, rest), payload));
      expectWrongKey(await post(`${path(mine.bookingId, rest)}?key=${other.checkoutKey}`, payload));
    }
    // Nothing happened to the hold: still pending, under the customer's own details.
    const view = await get(`${path(mine.bookingId)}?key=${mine.checkoutKey}`);
    expect(view.json()).toMatchObject({
      booking: { status: 'pending', customer: { name: 'Ana García', email: 'ana@example.com' } },
    });

    const saved = await post(`${path(mine.bookingId, '/customer')}?key=${mine.checkoutKey}`, {
      customer: { name: 'Ana G. López', email: 'ana@example.com', phone: '+34600111222' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ booking: { customer: { name: 'Ana G. López' } } });
    // A card part is due, so the voucher alone cannot pay: the key passed, the rule answered.
    expect(
      (await post(`${path(mine.bookingId, '/pay-with-voucher')}?key=${mine.checkoutKey}`)).json(),
    ).toMatchObject({
      error: 'card_part_due',
    });
    const released = await post(`${path(mine.bookingId, '/release')}?key=${mine.checkoutKey}`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ booking: { status: 'canceled' } });
  });
});
