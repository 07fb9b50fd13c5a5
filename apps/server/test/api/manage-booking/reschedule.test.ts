// The customer changes the date of their own booking (issue 39, docs/payments.md#the-customer-changes-the-date):
// the boat's reschedule policy shown before they start, the trips with the money of each move,
// an equal trip moved at once, a cheaper one refunded the difference through the ledger (a
// voucher-paid booking shared between the voucher and the card), a dearer one asking for the
// card, refusals by the policy, bad input naming the field, the e-mail in the customer's
// language, and the last seats raced by a checkout and a reschedule. On PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RescheduleOffers } from '@boats/domain/schemas/manage-booking';
import { boats, bookingHistory, emailOutbox, payments, slots, tickets } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { signManageToken } from '../../../src/modules/manage-booking/manage-token';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  createBoat,
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
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
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
    return { id: bookingId, token: signManageToken(bookingId, t.ctx.config.jwtSecret) };
  };
  const offers = async (b: { id: string; token: string }) => {
    const res = await t.app.inject(`/api/bookings/${b.id}/reschedule?token=${b.token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RescheduleOffers>();
  };
  const move = (b: { id: string; token: string }, slotId: string, expectedDifference: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${b.id}/reschedule`,
      payload: { token: b.token, slotId, expectedDifference },
      remoteAddress: `198.51.100.${++clients}`,
    });
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

  it('asks for the card for a dearer trip and refuses a difference other than the one shown', async () => {
    const from = await trip();
    const to = await trip(3000);
    const booking = await buy(from);
    const changed = await move(booking, to.id, 10);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: 'difference_changed', details: { difference: 20 } });
    const dearer = await move(booking, to.id, 20);
    expect(dearer.statusCode).toBe(409);
    expect(dearer.json()).toMatchObject({ error: 'payment_required', details: { difference: 20 } });
    expect(await seatsTaken(from.id)).toBe(2);
  });

  it('follows the boat’s own policy: not allowed, too late, and a fee that makes an equal trip dearer', async () => {
    const strict = await createBoat(db, {
      reschedulePolicy: { allowed: false, hoursBefore: 24, maxTimes: 1, feeCents: 0 },
    });
    const booking = await buy(await trip(2500, 10, strict.id));
    const target = await trip(2500, 10, strict.id);
    expect(await offers(booking)).toMatchObject({
      policy: { allowed: false },
      allowed: false,
      reason: 'not_allowed',
      options: [],
    });
    const refused = await move(booking, target.id, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'reschedule_refused', details: { reason: 'not_allowed' } });

    await db
      .update(boats)
      .set({ reschedulePolicy: { allowed: true, hoursBefore: 24 * 30, maxTimes: 2, feeCents: 1500 } })
      .where(eq(boats.id, strict.id));
    expect(await offers(booking)).toMatchObject({ allowed: false, reason: 'too_late' });

    await db
      .update(boats)
      .set({ reschedulePolicy: { allowed: true, hoursBefore: 24, maxTimes: 2, feeCents: 1500 } })
      .where(eq(boats.id, strict.id));
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
    const booking = { id: bookingId, token: signManageToken(bookingId, t.ctx.config.jwtSecret) };
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
});
