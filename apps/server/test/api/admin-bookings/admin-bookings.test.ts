import { and, eq } from 'drizzle-orm';
import type { AdminBooking, BookingsPage } from '@boats/domain/schemas/booking';
import { describe, expect, it } from 'vitest';
import { bookingSlots, emailOutbox, slots } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { refundsOf } from '../../../src/modules/payments/ledger';
import { bearer, tokenFor } from '../../helpers/admin-token';
import {
  addBooking,
  addSandboxPayment,
  adminBookingsTestApp,
  at,
  listBookings,
  MONTH_QUERY,
  sandboxRefunded,
  seedBoat,
} from './admin-bookings.fixtures';

describe('admin bookings: list, KPIs, transitions', async () => {
  const { t, admin, boat } = await adminBookingsTestApp({
    en: 'Blue Lagoon',
    es: 'Laguna Azul',
    ru: 'Голубая лагуна',
  });
  const user = await tokenFor(t, 'user');
  const other = await seedBoat(t.ctx.db, { en: 'Sea Star', es: 'Estrella de Mar', ru: 'Морская звезда' });

  // One booking per status in November, plus neighbours outside the month.
  const paid = await addBooking(t.ctx.db, boat, {
    status: 'paid',
    start: at('2026-11-03'),
    grossCents: 20_000,
    name: 'Дмитрий Соколов',
    email: 'dmitry@example.ru',
  });
  const confirmed = await addBooking(t.ctx.db, boat, {
    status: 'confirmed',
    type: 'shared',
    start: at('2026-11-04'),
    grossCents: 7_500,
    receivedCents: 0, // nothing in the ledger: it brings in nothing, whatever its tickets say
    ticketCents: [3_000, 3_000, 1_500],
  });
  await addBooking(t.ctx.db, boat, {
    status: 'completed',
    type: 'shared',
    start: at('2026-11-05'),
    grossCents: 5_000,
    receivedCents: 5_000,
    ticketCents: [2_500, 2_500],
  });
  await addBooking(t.ctx.db, other, {
    status: 'completed',
    start: at('2026-11-06'),
    grossCents: 10_000,
    receivedCents: 0,
    // no payment recorded: the owner's share of the price never counts as money received
    name: 'Lucía Hernández',
  });
  const pending = await addBooking(t.ctx.db, boat, {
    status: 'pending',
    start: at('2026-11-20'),
    grossCents: 30_000,
  });
  const canceled = await addBooking(t.ctx.db, boat, {
    status: 'canceled',
    type: 'shared',
    start: at('2026-11-21'),
    grossCents: 6_000,
    receivedCents: 6_000,
    ticketCents: [3_000, 3_000],
  });
  const refunded = await addBooking(t.ctx.db, boat, {
    status: 'refunded',
    start: at('2026-11-22'),
    grossCents: 12_000,
  });
  // Last evening of the month counts; the first minutes of December and the last of October do not.
  await addBooking(t.ctx.db, other, {
    status: 'paid',
    start: at('2026-11-30', '21:59'),
    hours: 2,
    grossCents: 10_000,
  });
  await addBooking(t.ctx.db, other, { status: 'paid', start: at('2026-12-01', '00:00'), grossCents: 99_900 });
  await addBooking(t.ctx.db, other, { status: 'paid', start: at('2026-10-31', '21:00'), grossCents: 99_900 });

  const list = (query: string) => listBookings(t, admin, query);

  it('refuses every route without a token (401) and with a non-admin token (403)', async () => {
    const id = paid.booking.id;
    const routes = [
      { method: 'GET' as const, url: `/checkout/bookings?${MONTH_QUERY}` },
      { method: 'GET' as const, url: `/api/admin/bookings/export.csv?${MONTH_QUERY}` },
      { method: 'PATCH' as const, url: `/api/admin/bookings/${id}`, payload: { status: 'confirmed' } },
      { method: 'POST' as const, url: `/api/admin/bookings/${id}/cancel` },
      { method: 'POST' as const, url: `/api/admin/bookings/${id}/refund` },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401);
      expect((await t.app.inject({ ...route, headers: bearer(user) })).statusCode, route.url).toBe(403);
      expect(
        (await t.app.inject({ ...route, headers: { authorization: 'Bearer not-a-token' } })).statusCode,
      ).toBe(401);
    }
  });

  it('lists the month with every status and the KPI figures of the whole filter', async () => {
    const page = await list(MONTH_QUERY);
    expect(page.total).toBe(8);
    expect(page.items).toHaveLength(8);
    expect(page.nextCursor).toBeNull();
    // Money received minus refunded, from the ledger: paid 200 + confirmed 0 + completed 50 +
    // completed 0 + paid 100; the canceled booking still holds its 60, refund due.
    expect(page.kpis).toMatchObject({ count: 5, revenue: 350, held: 60, seatsSold: 5, completed: 2 });
    const starts = page.items.map((b) => b.start);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(page.items.map((b) => b.status))).toEqual(
      new Set(['paid', 'confirmed', 'completed', 'pending', 'canceled', 'refunded']),
    );
  });

  it('keeps the KPIs over the whole filter when the page is smaller', async () => {
    const page = await list(`${MONTH_QUERY}&limit=2`);
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(8);
    expect(page.kpis).toMatchObject({ count: 5, revenue: 350, held: 60, seatsSold: 5, completed: 2 });
  });

  it('answers the admin shape: euros, boat {_id,title}, tickets, payment split and history', async () => {
    const page = await list(`${MONTH_QUERY}&type=shared&status=confirmed`);
    expect(page.total).toBe(1);
    const b = page.items[0] as AdminBooking;
    expect(b._id).toBe(confirmed.booking.id);
    expect(b.boat).toMatchObject({ _id: boat.id, title: 'Blue Lagoon', titleI18n: { en: 'Blue Lagoon' } });
    expect(b.amountGross).toBe(75);
    // Nothing received: no split, however the price would divide.
    expect(b.payment).toEqual({ received: 0, refunded: 0, total: 75, fee: 0 });
    expect(b).toMatchObject({ platformFee: 0, ownerAmount: 0 });
    expect(b.tickets.map((x) => x.pricePaid)).toEqual([30, 30, 15]);
    expect(b.history[0]).toMatchObject({ by: 'customer', from: null, to: 'pending' });
  });

  it('filters by status and type, sorts descending, omits blank parameters', async () => {
    expect((await list(`${MONTH_QUERY}&status=completed`)).total).toBe(2);
    expect((await list(`${MONTH_QUERY}&type=shared`)).total).toBe(3);
    expect((await list(`${MONTH_QUERY}&status=&type=&q=`)).total).toBe(8);
    const desc = await list(`${MONTH_QUERY}&sort=desc`);
    const starts = desc.items.map((b) => b.start);
    expect(starts).toEqual([...starts].sort().reverse());
  });

  it('searches customer name, e-mail and boat title in any language, ignoring case', async () => {
    expect((await list(`${MONTH_QUERY}&q=${encodeURIComponent('дмитрий')}`)).items.map((b) => b._id)).toEqual(
      [paid.booking.id],
    );
    expect((await list(`${MONTH_QUERY}&q=DMITRY@EXAMPLE`)).total).toBe(1);
    expect((await list(`${MONTH_QUERY}&q=${encodeURIComponent('lucía')}`)).total).toBe(1);
    const byBoat = await list(`${MONTH_QUERY}&q=${encodeURIComponent('морская')}`);
    expect(byBoat.items.every((b) => b.boat._id === other.id)).toBe(true);
    expect(byBoat.total).toBe(2);
    expect((await list(`${MONTH_QUERY}&q=estrella`)).total).toBe(2);
    expect((await list(`${MONTH_QUERY}&q=${encodeURIComponent('100%')}`)).total).toBe(0);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['start=yesterday', 'start'],
      ['limit=0', 'limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ] as const) {
      const res = await t.app.inject({ url: `/checkout/bookings?${query}`, headers: bearer(admin) });
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  describe('transitions', () => {
    async function act(action: 'confirm' | 'cancel' | 'refund', id: string) {
      return action === 'confirm'
        ? t.app.inject({
            method: 'PATCH',
            url: `/api/admin/bookings/${id}`,
            headers: bearer(admin),
            payload: { status: 'confirmed' },
          })
        : t.app.inject({
            method: 'POST',
            url: `/api/admin/bookings/${id}/${action}`,
            headers: bearer(admin),
          });
    }

    it('refuses every transition the state machine does not allow with 409', async () => {
      const refused: [string, 'confirm' | 'cancel' | 'refund'][] = [
        [pending.booking.id, 'confirm'],
        [pending.booking.id, 'refund'],
        [confirmed.booking.id, 'confirm'],
        [canceled.booking.id, 'confirm'],
        [canceled.booking.id, 'cancel'],
        [refunded.booking.id, 'confirm'],
        [refunded.booking.id, 'cancel'],
        [refunded.booking.id, 'refund'],
      ];
      for (const [id, action] of refused) {
        const res = await act(action, id);
        expect(res.statusCode, `${action} ${id}`).toBe(409);
        expect(res.json()).toMatchObject({ error: 'invalidTransition' });
      }
      // A booking that sails or sailed is refunded only in part as a goodwill gesture, which asks
      // why (goodwill-refunds.test.ts); a completed one is never confirmed or canceled again.
      const completedId = (await list(`${MONTH_QUERY}&status=completed`)).items[0]!._id;
      for (const action of ['confirm', 'cancel'] as const) {
        expect((await act(action, completedId)).statusCode).toBe(409);
      }
      for (const id of [paid.booking.id, confirmed.booking.id, completedId]) {
        const res = await act('refund', id);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ fields: [{ path: 'body.reason' }] });
      }
    });

    it('confirms a paid booking and records the admin', async () => {
      const b = await addBooking(t.ctx.db, boat, { status: 'paid', start: at('2026-11-24') });
      const res = await act('confirm', b.booking.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminBooking;
      expect(body.status).toBe('confirmed');
      expect(body.history.at(-1)).toMatchObject({
        from: 'paid',
        to: 'confirmed',
        by: expect.stringMatching(/^admin-/),
      });
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/admin/bookings/${b.booking.id}`,
            headers: bearer(admin),
            payload: { status: 'canceled' },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('cancels pending, paid and confirmed bookings and gives seats and hours back', async () => {
      const shared = await addBooking(t.ctx.db, boat, {
        status: 'paid',
        type: 'shared',
        start: at('2026-11-25'),
        ticketCents: [2_500, 2_500, 2_500],
      });
      const res = await act('cancel', shared.booking.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'canceled' });
      const [slot] = await t.ctx.db.select().from(slots).where(eq(slots.id, shared.slot.id));
      expect(slot?.seatsTaken).toBe(0);

      const charter = await addBooking(t.ctx.db, boat, { status: 'confirmed', start: at('2026-11-26') });
      expect((await act('cancel', charter.booking.id)).statusCode).toBe(200);
      const links = await t.ctx.db
        .select()
        .from(bookingSlots)
        .where(eq(bookingSlots.bookingId, charter.booking.id));
      expect(links.every((l) => !l.active)).toBe(true);

      const hold = await addBooking(t.ctx.db, boat, { status: 'pending', start: at('2026-11-27') });
      const held = await act('cancel', hold.booking.id);
      expect(held.json()).toMatchObject({ status: 'canceled', holdExpiresAt: null });
      expect((held.json() as AdminBooking).history.at(-1)).toMatchObject({ from: 'pending', to: 'canceled' });
    });

    it('keeps the internal note in the history and e-mails only the message to the customer', async () => {
      const b = await addBooking(t.ctx.db, boat, {
        status: 'paid',
        start: at('2026-11-28', '16:00'),
        language: 'es',
        email: 'marta@example.es',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${b.booking.id}/cancel`,
        headers: bearer(admin),
        payload: {
          reason: 'Customer phoned: sick child',
          message: 'Esperamos verte pronto a bordo.',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as AdminBooking).history.at(-1)).toMatchObject({
        to: 'canceled',
        reason: 'Customer phoned: sick child',
      });
      await queueEventEmails(t.ctx);
      const [mail] = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.bookingId, b.booking.id), eq(emailOutbox.kind, 'booking_canceled')));
      expect(mail?.subject).toContain('Reserva cancelada');
      expect(mail?.textBody).toContain('Mensaje del operador');
      expect(mail?.textBody).toContain('Esperamos verte pronto a bordo.');
      expect(mail?.textBody).not.toContain('sick child');
      // No message: the e-mail has no operator's words at all.
      const quiet = await addBooking(t.ctx.db, boat, { status: 'paid', start: at('2026-11-29', '16:00') });
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${quiet.booking.id}/cancel`,
        headers: bearer(admin),
        payload: { reason: 'Double booking by phone' },
      });
      await queueEventEmails(t.ctx);
      const [plain] = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.bookingId, quiet.booking.id));
      expect(plain?.textBody).not.toContain('Double booking');
      expect(plain?.textBody).not.toContain('Message from the operator');
    });

    it('refunds a canceled booking through the provider, once', async () => {
      const b = await addBooking(t.ctx.db, boat, {
        status: 'paid',
        start: at('2026-11-28'),
        grossCents: 15_000,
      });
      await addSandboxPayment(t.ctx.db, b.booking.providerPaymentId!, 15_000);
      expect((await act('cancel', b.booking.id)).statusCode).toBe(200);
      const res = await act('refund', b.booking.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AdminBooking;
      expect(body.status).toBe('refunded');
      expect(body.history.at(-1)).toMatchObject({ from: 'canceled', to: 'refunded' });
      expect(await sandboxRefunded(t.ctx.db, b.booking.providerPaymentId!)).toBe(15_000);
      expect((await act('refund', b.booking.id)).statusCode).toBe(409);
      expect(await sandboxRefunded(t.ctx.db, b.booking.providerPaymentId!)).toBe(15_000);
    });

    it('keeps a booking canceled when the provider refuses the refund', async () => {
      const b = await addBooking(t.ctx.db, boat, {
        status: 'canceled',
        start: at('2026-11-29'),
        receivedCents: 5_000,
      });
      const res = await act('refund', b.booking.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: 'refund_failed' });
      const after = await list(`${MONTH_QUERY}&q=${encodeURIComponent(b.booking.customerName)}`);
      expect(after.items[0]?.status).toBe('canceled');
      expect(after.items[0]?.payment.received).toBe(50);
      expect(await refundsOf(t.ctx.db, b.booking.id)).toMatchObject([
        { amountCents: 5_000, status: 'failed' },
      ]);
    });

    it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
      expect((await act('cancel', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await act('cancel', 'abc')).statusCode).toBe(400);
    });
  });
});

describe('admin bookings: cursor pages while bookings are added', async () => {
  const { t, admin, boat } = await adminBookingsTestApp();
  const days = Array.from({ length: 12 }, (_, i) => `2026-11-${String(i + 2).padStart(2, '0')}`);
  const original: string[] = [];
  for (const day of days) {
    original.push((await addBooking(t.ctx.db, boat, { status: 'paid', start: at(day, '09:00') })).booking.id);
  }
  // Two bookings at the same instant on different boats: the id breaks the tie.
  const twin = await seedBoat(t.ctx.db, { en: 'Twin' });
  original.push(
    (await addBooking(t.ctx.db, twin, { status: 'paid', start: at('2026-11-06', '09:00') })).booking.id,
  );

  const page = (query: string) => listBookings(t, admin, query);

  for (const sort of ['asc', 'desc', 'upcoming'] as const) {
    it(`sees every existing booking exactly once (${sort})`, async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let round = 0;
      do {
        const result: BookingsPage = await page(
          `${MONTH_QUERY}&limit=4&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...result.items.map((b) => b._id));
        cursor = result.nextCursor;
        round += 1;
        // Between pages, bookings arrive before, between and after the rows already read.
        const late = await seedBoat(t.ctx.db, { en: `Late ${sort} ${round}` });
        await addBooking(t.ctx.db, late, { status: 'pending', start: at('2026-11-01', '09:00') });
        await addBooking(t.ctx.db, late, { status: 'pending', start: at(days[(round * 3) % 12]!, '09:00') });
        await addBooking(t.ctx.db, late, { status: 'pending', start: at('2026-11-29', '09:00') });
      } while (cursor && round < 20);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of original) expect(seen).toContain(id);
      const starts = (await page(`limit=200&sort=${sort}`)).items
        .filter((b) => seen.includes(b._id))
        .map((b) => b._id);
      // The pages, read one after another, are in the list's own order.
      expect(seen).toEqual(starts);
    });
  }
});

describe('admin bookings: upcoming first', async () => {
  // The test clock is 15 November 2026, 12:00 UTC (the Canaries' winter time is UTC).
  const { t, admin, boat } = await adminBookingsTestApp();
  const starts = [
    at('2026-11-10', '09:00'),
    at('2026-11-20', '09:00'),
    at('2026-11-15', '09:00'),
    at('2026-11-15', '15:00'),
    at('2026-11-12', '09:00'),
    at('2026-11-17', '09:00'),
    at('2026-11-14', '09:00'),
  ];
  for (const start of starts) await addBooking(t.ctx.db, boat, { status: 'paid', start });

  it('lists the trips ahead soonest first, then the past latest first, across pages', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const result: BookingsPage = await listBookings(
        t,
        admin,
        `${MONTH_QUERY}&limit=2&sort=upcoming${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...result.items.map((b) => b.start));
      cursor = result.nextCursor;
    } while (cursor);
    const iso = (day: string, time: string) => at(day, time).toISOString();
    expect(seen).toEqual([
      iso('2026-11-15', '15:00'),
      iso('2026-11-17', '09:00'),
      iso('2026-11-20', '09:00'),
      iso('2026-11-15', '09:00'),
      iso('2026-11-14', '09:00'),
      iso('2026-11-12', '09:00'),
      iso('2026-11-10', '09:00'),
    ]);
  });
});
