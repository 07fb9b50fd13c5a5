// A tourist's booking after paying: the charter party, the lookup by number and e-mail, the
// manage token, the cancellation policy on the boat, harbour texts per language, and holds
// that no longer count once released.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  createSlot,
  HOUR,
  requestHold,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

type Booking = {
  _id: string;
  people: number;
  passengers: Record<string, number>;
  tickets: { kind: string; code: string }[];
  boat: { title: string; port: { name: string; address: string } };
};

const reference = (id: string) => id.slice(-8).toUpperCase();

describe('manage my booking', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { pricePerHourCents: 15000, capacity: 4 });
  const payFor = async (body: object) => (await buyAndConfirm(t.app, body, '192.0.2.1')).bookingId;
  let ip = 0;
  const lookup = (payload: object, from = `198.51.100.${++ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/lookup', payload, remoteAddress: from });

  it('books a charter for 3 (2 adults, a child 6–12): 3 on the booking, one boarding pass, price unchanged', async () => {
    const run = await createPrivateRun(db, boat.id, DAY, 2);
    const body = charterRequest(
      boat,
      run[0]!,
      2,
      { customer: { name: 'Olga', email: 'olga@example.com' }, lang: 'ru' },
      { adults: 2, children50: 1, kidsFree: 0 },
    );
    expect(body.amount).toBe(30000);
    const id = await payFor(body);
    const { booking } = (await t.app.inject(bookingUrl(t.ctx, id))).json<{ booking: Booking }>();
    expect(booking.people).toBe(3);
    expect(booking.passengers).toEqual({ adults: 2, child_u13: 1, child_u6: 0 });
    expect(booking.tickets).toHaveLength(1);
    expect(booking.tickets[0]).toMatchObject({ kind: 'boarding_pass', pricePaid: 300 });

    const admin = await tokenFor(t);
    const list = await t.app.inject({ url: '/checkout/bookings?type=private', headers: bearer(admin) });
    const row = list.json<{ items: Booking[] }>().items.find((b) => b._id === id);
    expect(row).toMatchObject({ people: 3, passengers: { adults: 2, child_u13: 1, child_u6: 0 } });
  });

  it('refuses a charter party without an adult or above the capacity, naming the field', async () => {
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 24 * HOUR), 2);
    const noAdult = await requestHold(
      t.app,
      charterRequest(boat, run[0]!, 1, {}, { adults: 0, children50: 2, kidsFree: 0 }),
    );
    expect(noAdult.statusCode).toBe(400);
    expect(noAdult.json()).toMatchObject({ error: 'noAdult', details: { field: 'booking.tickets.adults' } });
    const tooMany = await requestHold(
      t.app,
      charterRequest(boat, run[0]!, 1, {}, { adults: 2, children50: 2, kidsFree: 1 }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'aboveCapacity', details: { field: 'booking.tickets' } });
    const missing = charterRequest(boat, run[0]!, 1);
    delete (missing.booking as { tickets?: unknown }).tickets;
    const noParty = await requestHold(t.app, missing);
    expect(noParty.statusCode).toBe(400);
    expect(noParty.body).toContain('tickets');
  });

  it('finds a paid booking by number and e-mail in any case, with a token; the same 404 otherwise', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 48 * HOUR));
    const id = await payFor(
      sharedRequest(
        boat.id,
        trip,
        { adults: 1, children50: 0, kidsFree: 0 },
        {
          customer: { name: 'Ana', email: 'Ana@Example.com' },
        },
      ),
    );
    const found = await lookup({ reference: ` #${reference(id).toLowerCase()} `, email: 'ana@example.COM' });
    expect(found.statusCode, found.body).toBe(200);
    const answer = found.json<{ booking: Booking; token: string }>();
    expect(answer.booking._id).toBe(id);

    const quote = await t.app.inject(`/api/bookings/${id}/cancellation?token=${answer.token}`);
    expect(quote.json()).toMatchObject({ cancellable: true, refundPercent: 100, paid: 50, refund: 50 });

    const wrongEmail = await lookup({ reference: reference(id), email: 'someone@example.com' });
    const wrongNumber = await lookup({ reference: 'ABCDEF12', email: 'ana@example.com' });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongEmail.body).toBe(wrongNumber.body);

    const badNumber = await lookup({ reference: 'XYZ', email: 'ana@example.com' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.body).toContain('reference');

    // A token of another booking opens nothing.
    const other = await t.app.inject(`/api/bookings/${id}/cancellation?token=${'x'.repeat(43)}`);
    expect(other.statusCode).toBe(403);

    // The manage link opens the booking only with its own token: a damaged link gets 403, so the
    // page says the link is broken instead of offering Resend and Cancel that would fail.
    const opened = await t.app.inject(`/api/bookings/${id}?token=${answer.token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ booking: Booking }>().booking._id).toBe(id);
    const damaged = await t.app.inject(`/api/bookings/${id}?token=${answer.token.slice(0, -3)}`);
    expect(damaged.statusCode).toBe(403);
    expect(damaged.json()).toMatchObject({ error: 'invalid_manage_token' });
    const unknown = await t.app.inject(
      `/api/bookings/00000000-0000-4000-8000-000000000000?token=${answer.token}`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('does not find an unpaid hold', async () => {
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(DAY.getTime() + 72 * HOUR),
      seatsTotal: 10,
      seatPriceCents: 2500,
    });
    const { bookingId } = await startCheckout(
      t.app,
      sharedRequest(
        boat.id,
        trip,
        { adults: 1, children50: 0, kidsFree: 0 },
        {
          customer: { name: 'Bo', email: 'bo@example.com' },
        },
      ),
    );
    expect((await lookup({ reference: reference(bookingId), email: 'bo@example.com' })).statusCode).toBe(404);
  });

  it('limits lookups per address: the 11th try in 10 minutes is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await lookup({ reference: 'ABCDEF12', email: 'x@example.com' }, '203.0.113.9')).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
  });

  it('quotes the policy: 100 % at 72 h, 50 % at 30 h, nothing at 10 h, with the deadline', async () => {
    const start = new Date(DAY.getTime() + 96 * HOUR);
    const run = await createPrivateRun(db, boat.id, start, 1);
    const id = await payFor(
      charterRequest(boat, run[0]!, 1, { customer: { name: 'Cy', email: 'cy@example.com' } }),
    );
    const { token } = (await lookup({ reference: reference(id), email: 'cy@example.com' })).json<{
      token: string;
    }>();
    const quoteAt = async (hoursBefore: number) => {
      t.setNow(new Date(start.getTime() - hoursBefore * HOUR));
      return (await t.app.inject(`/api/bookings/${id}/cancellation?token=${token}`)).json<object>();
    };
    expect(await quoteAt(72)).toEqual({
      cancellable: true,
      refundPercent: 100,
      paid: 150,
      refund: 150,
      // No gift voucher paid any of it: everything goes back to the card.
      refundToVoucher: 0,
      refundToCard: 150,
      deadline: new Date(start.getTime() - 48 * HOUR).toISOString(),
      policy: [
        { hoursBefore: 48, refundPercent: 100 },
        { hoursBefore: 24, refundPercent: 50 },
      ],
      // Sold on the site: cancelled here (a reseller's customer is sent to the reseller).
      soldBy: null,
    });
    expect(await quoteAt(30)).toMatchObject({ refundPercent: 50, refund: 75 });
    expect(await quoteAt(10)).toMatchObject({
      cancellable: true,
      refundPercent: 0,
      refund: 0,
      deadline: null,
    });
    expect(await quoteAt(-1)).toMatchObject({ cancellable: false, refund: 0 });
    t.setNow(NOW);
  });

  it('a boat carries the site default policy until the operator sets its own, and harbour texts per language', async () => {
    const sharedOnly = await createBoat(db, { title: { en: 'Shared only' } });
    await createSlot(db, sharedOnly.id, { type: 'shared', start: DAY, seatsTotal: 10, seatPriceCents: 2000 });
    await createSlot(db, sharedOnly.id, { type: 'private', start: new Date(NOW.getTime() - HOUR) });
    const boats = (await t.app.inject('/api/boats')).json<{ items: Record<string, unknown>[] }>().items;
    // Only open slots still ahead count: the past private slot does not make it charterable.
    expect(boats.find((b) => b._id === sharedOnly.id)).toMatchObject({
      offers: { charter: false, shared: true },
    });
    expect(boats.find((b) => b._id === boat.id)).toMatchObject({ offers: { charter: true, shared: true } });
    expect(boats[0]).toMatchObject({
      cancellationPolicy: [
        { hoursBefore: 48, refundPercent: 100 },
        { hoursBefore: 24, refundPercent: 50 },
      ],
      cancellationPolicyIsDefault: true,
    });

    const admin = await tokenFor(t);
    const current = (
      await t.app.inject({ url: `/api/admin/boats/${boat.id}`, headers: bearer(admin) })
    ).json<{
      boat: Record<string, unknown>;
    }>().boat;
    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${boat.id}`,
      headers: bearer(admin),
      payload: {
        ...current,
        cancellationPolicy: [
          { hoursBefore: 24, refundPercent: 80 },
          { hoursBefore: 72, refundPercent: 100 },
        ],
        harbourI18n: {
          name: { es: 'Puerto Colón (muelle 3)' },
          address: { es: 'Puerto Colón, Costa Adeje, muelle 3', ru: 'Пуэрто-Колон, Коста-Адехе' },
          note: { ru: 'Встречаемся у кассы' },
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      boat: {
        cancellationPolicy: [
          { hoursBefore: 72, refundPercent: 100 },
          { hoursBefore: 24, refundPercent: 80 },
        ],
        cancellationPolicyIsDefault: false,
        harbourI18n: {
          name: { en: 'Puerto Colón', es: 'Puerto Colón (muelle 3)' },
          note: { ru: 'Встречаемся у кассы' },
        },
      },
    });

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${boat.id}`,
      headers: bearer(admin),
      payload: { ...current, cancellationPolicy: [{ hoursBefore: 24, refundPercent: 120 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('refundPercent');

    // The Russian booking of the first test now reads its harbour in Russian.
    const bookings = (
      await t.app.inject({ url: '/checkout/bookings?type=private', headers: bearer(admin) })
    ).json<{ items: Booking[] }>().items;
    const ru = (await t.app.inject(bookingUrl(t.ctx, bookings[0]!._id))).json<{ booking: Booking }>();
    expect(ru.booking.boat.title).toBe('Тестовая лодка');
    expect(ru.booking.boat.port.address).toBe('Пуэрто-Колон, Коста-Адехе');
  });

  it('released holds do not count toward the per-address limit', async () => {
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(DAY.getTime() + 120 * HOUR),
      seatsTotal: 40,
      seatPriceCents: 2500,
    });
    const hold = () =>
      requestHold(t.app, sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }), '10.9.0.1');
    const limit = t.ctx.config.MAX_LIVE_HOLDS_PER_IP;
    const ids: string[] = [];
    for (let i = 0; i < limit; i++) ids.push((await hold()).json<{ bookingId: string }>().bookingId);
    expect((await hold()).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, ids[0]!, '/release') });
    expect((await hold()).statusCode).toBe(200);
    // An expired hold stops counting as well.
    t.setNow(new Date(NOW.getTime() + (t.ctx.config.HOLD_MINUTES + 1) * 60_000));
    expect((await hold()).statusCode).toBe(200);
    t.setNow(NOW);
  });

  describe('cancelling under the policy', async () => {
    // A boat of its own: the site default policy (another test gives the first boat its own rules).
    const boat = await createBoat(db, { title: { en: 'Default policy' } });
    async function bookedTrip(hoursAhead: number, email: string) {
      const trip = await createSharedTrip(db, boat.id, new Date(NOW.getTime() + hoursAhead * HOUR));
      const id = await payFor(
        sharedRequest(
          boat.id,
          trip,
          { adults: 2, children50: 0, kidsFree: 0 },
          {
            customer: { name: 'Ana', email },
            lang: 'es',
          },
        ),
      );
      const { token } = (await lookup({ reference: reference(id), email })).json<{ token: string }>();
      return { id, token, trip };
    }
    const cancel = (id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, payload });
    const seatsLeft = async (tripId: string, start: Date) => {
      const res = await t.app.inject(
        `/api/boat/${boat.id}?start=${start.toISOString()}&end=${new Date(start.getTime() + HOUR).toISOString()}`,
      );
      return res
        .json<{ availability: { shared: { _id: string; seatsLeft: number }[] } }>()
        .availability.shared.find((s) => s._id === tripId)?.seatsLeft;
    };
    const ledger = async (id: string) => {
      const admin = await tokenFor(t);
      return (await t.app.inject({ url: `/api/admin/bookings/${id}`, headers: bearer(admin) })).json<{
        status: string;
        refunds: { amount: number; status: string; reason: string }[];
      }>();
    };

    it('72 h before: the full price back through the ledger, seats freed, an e-mail in Spanish', async () => {
      const { id, token, trip } = await bookedTrip(72, 'full@example.com');
      expect(await seatsLeft(trip.id, trip.startsAt)).toBe(8);
      const res = await cancel(id, { token, expectedRefund: 100 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refund: 100, booking: { status: 'refunded' } });
      expect(await seatsLeft(trip.id, trip.startsAt)).toBe(10);
      const admin = await ledger(id);
      // The back office reads it beside the status "Canceled": one spelling (en uses "canceled").
      expect(admin.refunds).toEqual([
        expect.objectContaining({
          amount: 100,
          status: 'succeeded',
          reason: 'Canceled by the customer: 100% under the cancellation policy',
        }),
      ]);

      await queueEventEmails(t.ctx);
      const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, id));
      const canceled = mails.filter((m) => m.kind === 'booking_canceled_by_customer');
      expect(canceled).toHaveLength(1);
      expect(canceled[0]!.subject).toContain('Reserva cancelada');
      expect(canceled[0]!.textBody).toContain('100,00');
      // The cancellation e-mail states the refund: no second "refund issued" e-mail.
      expect(mails.filter((m) => m.kind === 'refund_issued')).toHaveLength(0);

      const again = await cancel(id, { token, expectedRefund: 0 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'not_cancellable' });
    });

    it('30 h before: half back; the booking stays cancelled with the rest kept', async () => {
      const { id, token } = await bookedTrip(30, 'half@example.com');
      const quote = (await t.app.inject(`/api/bookings/${id}/cancellation?token=${token}`)).json<{
        refund: number;
      }>();
      expect(quote.refund).toBe(50);
      const res = await cancel(id, { token, expectedRefund: 50 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refund: 50, booking: { status: 'canceled' } });
      const admin = await ledger(id);
      expect(admin.status).toBe('canceled');
      expect(admin.refunds).toEqual([expect.objectContaining({ amount: 50, status: 'succeeded' })]);
    });

    it('refuses a refund other than the one shown, and a wrong token, changing nothing', async () => {
      const { id, token } = await bookedTrip(33, 'changed@example.com');
      const wrongFigure = await cancel(id, { token, expectedRefund: 100 });
      expect(wrongFigure.statusCode).toBe(409);
      expect(wrongFigure.json()).toMatchObject({ error: 'refund_changed', details: { refund: 50 } });
      const wrongToken = await cancel(id, { token: 'x'.repeat(43), expectedRefund: 50 });
      expect(wrongToken.statusCode).toBe(403);
      const badBody = await cancel(id, { token });
      expect(badBody.statusCode).toBe(400);
      expect(badBody.body).toContain('expectedRefund');
      expect((await ledger(id)).status).toBe('paid');
      expect((await ledger(id)).refunds).toEqual([]);
    });

    it('resends the confirmation on request, with the manage link', async () => {
      const { id, token } = await bookedTrip(80, 'again@example.com');
      await queueEventEmails(t.ctx);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/resend`,
        payload: { token },
      });
      expect(res.statusCode, res.body).toBe(200);
      await queueEventEmails(t.ctx);
      const confirmations = (await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, id))).filter(
        (m) => m.kind === 'booking_confirmation',
      );
      expect(confirmations).toHaveLength(2);
      // A new manage link, different from the one the lookup gave, that opens this booking.
      const link = new URL(/https?:\/\/\S+\/booking\/manage\?\S+/.exec(confirmations[1]!.textBody)![0]);
      expect(link.searchParams.get('booking')).toBe(id);
      expect(link.searchParams.get('token')).not.toBe(token);
      const opened = await t.app.inject(
        `/api/bookings/${id}?token=${encodeURIComponent(link.searchParams.get('token')!)}`,
      );
      expect(opened.statusCode, opened.body).toBe(200);
      const forbidden = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/resend`,
        payload: { token: 'nope' },
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });
});
