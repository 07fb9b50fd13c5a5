// Whole trips canceled on PostgreSQL: the operator's weather cancellation (refund everyone:
// one refund each in the ledger, one e-mail each in the customer's language through a real
// SMTP server, the slot closed; run again after a crash halfway, nobody refunded twice), and
// the minimum-to-depart cutoff job run by two instances at once on a frozen clock.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { createAppContext, type AppContext } from '../../src/context';
import {
  bookingHistory,
  bookings,
  boats,
  emailOutbox,
  payments,
  refunds,
  slots,
  tickets,
  tripCancellationBookings,
} from '../../src/db/schema';
import { resumeTripCancellations } from '../../src/modules/trip-cancellation/trip-cancellation-service';
import { sendChoiceSummaries } from '../../src/modules/trip-cancellation/operator-notices';
import { createMailTransport } from '../../src/modules/mail/mail-transport';
import { queueEventEmails } from '../../src/modules/jobs/event-emails';
import { deliverDueEmails } from '../../src/modules/mail/outbox-worker';
import { refundBooking } from '../../src/modules/bookings/refunds';
import { cancelTripsBelowMinimum } from '../../src/modules/trip-cancellation/minimum-cutoff';
import { DECISION_GRACE_MS } from '../../src/modules/trip-cancellation/trip-change-service';
import { bearer, tokenFor } from '../helpers/admin-token';
import { startSmtpTestServer, subjectOf } from '../helpers/smtp-test-server';
import { buildTestApp } from '../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../helpers/checkout-fixtures';
import { buySeats } from '../helpers/operator-fixtures';

const NOW = new Date('2027-06-10T06:00:00Z');
const silent = { info: () => undefined, error: () => undefined };

describe('canceling whole trips', async () => {
  const smtp = await startSmtpTestServer();
  afterAll(() => smtp.close());
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { SMTP_URL: smtp.url } });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const transport = createMailTransport({ smtpUrl: smtp.url, from: t.ctx.config.MAIL_FROM, log: silent });
  afterAll(() => transport.close());

  async function sendMail(ctx: AppContext = t.ctx) {
    await queueEventEmails(ctx);
    await deliverDueEmails(ctx.db, transport, ctx.now());
  }
  /** The trip-canceled e-mails of a booking, as queued and delivered through the SMTP server. */
  const cancelMails = (bookingId: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, 'trip_canceled')));
  const refundRows = async (bookingId: string) =>
    db.select().from(refunds).where(eq(refunds.bookingId, bookingId));

  async function tripWithThreeCustomers(boatId: string, start: Date, tag: string) {
    const slot = await createSlot(db, boatId, {
      type: 'shared',
      start,
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 2500,
    });
    const people = [
      { lang: 'en' as const, name: 'Emma Wind', adults: 2 },
      { lang: 'es' as const, name: 'Lucía Viento', adults: 3 },
      { lang: 'ru' as const, name: 'Иван Ветров', adults: 1 },
    ];
    const bought = [];
    for (const p of people) {
      const email = `${tag}.${p.lang}@example.com`;
      const { bookingId } = await buySeats(
        t,
        boatId,
        slot,
        { adults: p.adults },
        { name: p.name, email, phone: '+34600000000' },
        p.lang,
      );
      bought.push({ ...p, email, bookingId, paidCents: p.adults * 2500 * 2 });
    }
    await sendMail(); // the confirmations go out first
    return { slot, bought };
  }

  it('weather, refund everyone: each booking refunded once, one e-mail each wholly in its language, slot closed', async () => {
    const boat = await createBoat(db, {
      title: { en: 'Windy Boat', es: 'Barco Ventoso', ru: 'Ветреная лодка' },
    });
    const { slot, bought } = await tripWithThreeCustomers(
      boat.id,
      new Date(NOW.getTime() + 30 * HOUR),
      'weather',
    );
    const before = smtp.received.length;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'wind', note: 'Strong wind warning (AEMET orange)', offer: 'refund' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ canceled: 3, refunded: 3, emailed: 3 });

    const [after] = await db.select().from(slots).where(eq(slots.id, slot.id));
    // The note stays with the operator: on the trip and in each booking's history.
    expect(after).toMatchObject({ isOpen: false, cancelReason: 'Strong wind warning (AEMET orange)' });
    const [history] = await db
      .select()
      .from(bookingHistory)
      .where(
        and(eq(bookingHistory.bookingId, bought[0]!.bookingId), eq(bookingHistory.code, 'trip_canceled')),
      );
    expect(history?.reason).toBe('Strong wind warning (AEMET orange)');
    expect(after?.canceledAt).not.toBeNull();
    for (const b of bought) {
      const rows = await refundRows(b.bookingId);
      expect(rows.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', b.paidCents]]);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, b.bookingId));
      expect(row?.status).toBe('refunded');
    }

    await sendMail();
    const words = { en: 'Trip canceled', es: 'Salida cancelada', ru: 'Рейс отменён' };
    // The standard reason in the customer's language; the operator's note in none of them.
    const reasons = { en: 'Strong wind', es: 'Viento fuerte', ru: 'Сильный ветер' };
    const refundWords = { en: 'Refund', es: 'Reembolso', ru: 'Возврат' };
    for (const b of bought) {
      const mails = await cancelMails(b.bookingId);
      expect(
        mails.map((m) => m.status),
        b.email,
      ).toEqual(['sent']);
      expect(mails[0]?.subject).toContain(words[b.lang]);
      expect(mails[0]?.textBody).toContain(reasons[b.lang]);
      expect(mails[0]?.textBody).not.toContain('AEMET');
      // The cancellation, then the refund receipt, both delivered through the SMTP server.
      const received = smtp.received.slice(before).filter((m) => m.to.includes(b.email));
      expect(received.map((m) => subjectOf(m.raw))).toEqual([
        expect.stringContaining(words[b.lang]),
        expect.stringContaining(refundWords[b.lang]),
      ]);
    }
    const report = await t.app.inject({ url: `/api/admin/trips/${slot.id}/cancellation`, headers: admin });
    expect(report.json()).toMatchObject({
      cause: 'weather',
      totals: { canceled: 3, refunded: 3, waiting: 0 },
    });

    // Asking again changes nothing: no second refund, no second e-mail.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'wind', note: 'Strong wind warning (AEMET orange)', offer: 'refund' },
    });
    expect(again.json()).toEqual({ canceled: 3, refunded: 3, emailed: 3 });
    await sendMail();
    for (const b of bought) {
      expect(await refundRows(b.bookingId)).toHaveLength(1);
      expect(await cancelMails(b.bookingId)).toHaveLength(1);
      expect(smtp.received.slice(before).filter((m) => m.to.includes(b.email))).toHaveLength(2);
    }
  });

  it('resumes after a crash halfway without refunding anyone twice', async () => {
    const boat = await createBoat(db, { title: { en: 'Crash Boat' } });
    const { slot, bought } = await tripWithThreeCustomers(
      boat.id,
      new Date(NOW.getTime() + 40 * HOUR),
      'crash',
    );
    // The crash: the bookings were canceled and one refund went out, then the process died.
    const { cancelBookingsOfTrip } =
      await import('../../src/modules/trip-cancellation/trip-cancellation-service');
    await cancelBookingsOfTrip(t.ctx, slot.id, {
      reasonCode: 'swell',
      note: 'Swell',
      offer: 'refund',
      cause: 'weather',
      actor: 'ops@example.com',
    });
    await refundBooking(t.ctx, bought[0]!.bookingId, {
      actor: 'ops@example.com',
      reason: 'Swell',
      cause: 'weather',
      idempotencyKey: `trip-cancel:${slot.id}:${bought[0]!.bookingId}`,
    });
    const waiting = await db
      .select()
      .from(tripCancellationBookings)
      .where(
        and(eq(tripCancellationBookings.slotId, slot.id), eq(tripCancellationBookings.state, 'to_refund')),
      );
    expect(waiting).toHaveLength(3);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Swell', offer: 'refund' },
    });
    expect(res.json()).toEqual({ canceled: 3, refunded: 3, emailed: 3 });
    for (const b of bought) {
      const rows = await refundRows(b.bookingId);
      expect(rows.map((r) => r.amountCents)).toEqual([b.paidCents]);
    }
  });

  it('the cutoff cancels a trip below its minimum once with two instances running; a waived trip is left alone', async () => {
    const boat = await createBoat(db, { title: { en: 'Minimum Boat' }, cutoffHours: 12 });
    const start = new Date(NOW.getTime() + 48 * HOUR);
    const low = await tripWithThreeCustomers(boat.id, start, 'cutoff');
    const waived = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(start.getTime() + 3 * HOUR),
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 2500,
    });
    const { bookingId: waivedBooking } = await buySeats(
      t,
      boat.id,
      waived,
      { adults: 1 },
      {
        name: 'Waived Rider',
        email: 'waived@example.com',
        phone: '+34600000009',
      },
    );
    await db.update(slots).set({ minimumWaived: true }).where(eq(slots.id, waived.id));
    // 6 paid seats on the low trip; the operator raises the minimum to 8.
    await db.update(boats).set({ sharedMinSeatsToDepart: 8 }).where(eq(boats.id, boat.id));

    // Two instances: their own connection pools on the same database, the same frozen clock.
    const url = (db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    const other = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    afterAll(() => other.close());
    const at = (now: Date, which: 'a' | 'b'): AppContext => {
      const database = which === 'a' ? t.database : other;
      return createAppContext(t.ctx.config, database, () => now);
    };

    // A minute before the cutoff nothing happens.
    const early = new Date(start.getTime() - 12 * HOUR - 60_000);
    await Promise.all([cancelTripsBelowMinimum(at(early, 'a')), cancelTripsBelowMinimum(at(early, 'b'))]);
    expect((await db.select().from(slots).where(eq(slots.id, low.slot.id)))[0]?.canceledAt).toBeNull();

    const cutoff = new Date(start.getTime() - 12 * HOUR);
    await Promise.all([cancelTripsBelowMinimum(at(cutoff, 'a')), cancelTripsBelowMinimum(at(cutoff, 'b'))]);
    await Promise.all([cancelTripsBelowMinimum(at(cutoff, 'a')), cancelTripsBelowMinimum(at(cutoff, 'b'))]);

    const [canceled] = await db.select().from(slots).where(eq(slots.id, low.slot.id));
    expect(canceled?.canceledAt).not.toBeNull();
    for (const b of low.bought) {
      expect((await refundRows(b.bookingId)).map((r) => [r.status, r.amountCents, r.cause])).toEqual([
        ['succeeded', b.paidCents, 'minimum'],
      ]);
    }
    const before = smtp.received.length;
    await Promise.all([sendMail(at(cutoff, 'a')), sendMail(at(cutoff, 'b'))]);
    const words = { en: 'not enough people', es: 'número mínimo', ru: 'слишком мало пассажиров' };
    for (const b of low.bought) {
      const mails = await cancelMails(b.bookingId);
      expect(mails.map((m) => m.status)).toEqual(['sent']);
      expect(mails[0]?.textBody).toContain(words[b.lang]);
      // The cancellation and the refund receipt, each delivered once although both instances sent mail.
      expect(smtp.received.slice(before).filter((m) => m.to.includes(b.email))).toHaveLength(2);
    }
    // The boat's owner and the operator hear of it once, although both instances ran the cutoff.
    const notices = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'operator_cutoff_canceled'));
    expect(notices.map((n) => n.toAddress)).toEqual([t.ctx.config.OPERATOR_EMAIL]);
    expect(notices[0]?.subject).toContain('Trip canceled by the minimum: Minimum Boat');
    for (const b of low.bought) expect(notices[0]?.textBody).toContain(b.name);
    const [left] = await db.select().from(bookings).where(eq(bookings.id, waivedBooking));
    expect(left?.status).toBe('paid');
    expect(await refundRows(waivedBooking)).toEqual([]);
  });

  it('weather with a choice: one moves to a cheaper trip through the e-mailed link, one takes the refund, one says nothing', async () => {
    const boat = await createBoat(db, {
      title: { en: 'Choice Boat', es: 'Barco Elección', ru: 'Лодка выбора' },
    });
    const { slot, bought } = await tripWithThreeCustomers(
      boat.id,
      new Date(NOW.getTime() + 30 * HOUR),
      'choice',
    );
    const [emma, lucia, ivan] = bought as [(typeof bought)[0], (typeof bought)[0], (typeof bought)[0]];
    const trip = (hoursAhead: number, seatPriceCents: number) =>
      createSlot(db, boat.id, {
        type: 'shared',
        start: new Date(NOW.getTime() + hoursAhead * HOUR),
        hours: 2,
        seatsTotal: 12,
        seatPriceCents,
      });
    const same = await trip(72, 2500);
    const cheaper = await trip(96, 2000);
    await trip(100, 3000); // dearer: never offered
    const oldCodes = (await db.select().from(tickets).where(eq(tickets.bookingId, emma.bookingId))).map(
      (x) => x.code,
    );

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Calima and strong swell', offer: 'choice' },
    });
    expect(res.json()).toEqual({ canceled: 3, refunded: 0, emailed: 3 });
    await sendMail();

    // The e-mail carries the manage link with the customer's token and the deadline: the latest
    // closing time of the trips offered (a day before the cheaper one leaves), at most 72 h.
    const [mail] = await cancelMails(emma.bookingId);
    const link = /http:\/\/localhost:3000\/booking\/manage\?booking=[^\s]+/.exec(mail?.textBody ?? '')?.[0];
    expect(link, mail?.textBody).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const tokenOf = async (bookingId: string) =>
      new URL(
        /http:\/\/localhost:3000\/booking\/manage\?booking=[^\s]+/.exec(
          (await cancelMails(bookingId))[0]?.textBody ?? '',
        )![0],
      ).searchParams.get('token')!;

    const offer = await t.app.inject({ url: `/api/bookings/${emma.bookingId}/trip-change?token=${token}` });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({
      reasonCode: 'swell',
      deadline: new Date(NOW.getTime() + 72 * HOUR).toISOString(),
      paid: 100,
      options: [
        {
          slotId: same.id,
          price: 100,
          refundDifference: 0,
          closesAt: new Date(same.startsAt.getTime() - 24 * HOUR).toISOString(),
        },
        {
          slotId: cheaper.id,
          price: 80,
          refundDifference: 20,
          closesAt: new Date(NOW.getTime() + 72 * HOUR).toISOString(),
        },
      ],
    });
    expect(
      (
        await t.app.inject({
          url: `/api/bookings/${emma.bookingId}/trip-change?token=${await tokenOf(lucia.bookingId)}`,
        })
      ).statusCode,
    ).toBe(403);

    // Emma moves to the cheaper trip: same booking, same payment, new tickets, €20 back.
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${emma.bookingId}/trip-change`,
      payload: { token, choice: 'move', slotId: cheaper.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      result: 'moved',
      refunded: 20,
      start: cheaper.startsAt.toISOString(),
    });
    const [emmaRow] = await db.select().from(bookings).where(eq(bookings.id, emma.bookingId));
    expect(emmaRow).toMatchObject({ status: 'paid', slotId: cheaper.id, amountGrossCents: 8000 });
    const emmaPayments = await db.select().from(payments).where(eq(payments.bookingId, emma.bookingId));
    expect(emmaPayments.map((p) => [p.status, p.amountCents])).toEqual([['succeeded', 10000]]);
    expect((await refundRows(emma.bookingId)).map((r) => [r.status, r.amountCents, r.cause])).toEqual([
      ['succeeded', 2000, 'trip_change'],
    ]);
    const newTickets = await db.select().from(tickets).where(eq(tickets.bookingId, emma.bookingId));
    expect(newTickets).toHaveLength(2);
    expect(newTickets.every((x) => !oldCodes.includes(x.code) && x.pricePaidCents === 4000)).toBe(true);
    const [cheaperAfter] = await db.select().from(slots).where(eq(slots.id, cheaper.id));
    expect(cheaperAfter?.seatsTaken).toBe(2);
    // Choosing twice is refused.
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${emma.bookingId}/trip-change`,
      payload: { token, choice: 'refund' },
    });
    expect(twice.statusCode).toBe(409);

    // Lucía takes the refund.
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${lucia.bookingId}/trip-change`,
      payload: { token: await tokenOf(lucia.bookingId), choice: 'refund' },
    });
    expect(refunded.json()).toMatchObject({ result: 'refunded', refunded: 150 });

    // Iván says nothing: after the deadline the job refunds him in full (frozen clock).
    const report = async () =>
      (await t.app.inject({ url: `/api/admin/trips/${slot.id}/cancellation`, headers: admin })).json<{
        totals: object;
      }>();
    expect((await report()).totals).toEqual({
      canceled: 3,
      moved: 1,
      refunded: 1,
      waiting: 1,
      failed: 0,
      notCharged: 0,
    });
    const deadline = new Date(NOW.getTime() + 72 * HOUR);
    t.setNow(new Date(deadline.getTime() - 1000));
    await resumeTripCancellations(t.ctx);
    expect(await refundRows(ivan.bookingId)).toEqual([]);
    // No summary while a customer may still choose.
    expect(await sendChoiceSummaries(t.ctx)).toBe(0);
    // At the deadline an answer sent just before it may still be queued: the job waits the grace.
    t.setNow(deadline);
    await resumeTripCancellations(t.ctx);
    expect(await refundRows(ivan.bookingId)).toEqual([]);
    t.setNow(new Date(deadline.getTime() + DECISION_GRACE_MS));
    await Promise.all([resumeTripCancellations(t.ctx), resumeTripCancellations(t.ctx)]);
    // Every choice closed: one summary for the operator (who moved where, who was refunded),
    // however many instances run the job.
    const summaries = await Promise.all([sendChoiceSummaries(t.ctx), sendChoiceSummaries(t.ctx)]);
    expect(summaries[0] + summaries[1]).toBe(1);
    expect(await sendChoiceSummaries(t.ctx)).toBe(0);
    const summary = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'operator_choice_summary'));
    expect(summary.map((m) => m.toAddress)).toEqual([t.ctx.config.OPERATOR_EMAIL]);
    expect(summary[0]?.textBody).toContain('1 moved, 2 refunded, of 3 bookings');
    expect(summary[0]?.textBody).toMatch(
      new RegExp(`${emma.name} \\(#[0-9A-F]{8}, paid €100\\.00\\): moved to `),
    );
    expect(summary[0]?.textBody).toContain(`${ivan.name} (`);
    t.setNow(NOW);
    expect((await refundRows(ivan.bookingId)).map((r) => [r.status, r.amountCents])).toEqual([
      ['succeeded', ivan.paidCents],
    ]);
    expect((await refundRows(lucia.bookingId)).map((r) => r.amountCents)).toEqual([lucia.paidCents]);

    // Running the cancellation again changes nothing.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slot.id}/cancel`,
      headers: bearer(await tokenFor(t, 'admin')),
      payload: { reasonCode: 'swell', note: 'Calima and strong swell', offer: 'choice' },
    });
    expect((await report()).totals).toEqual({
      canceled: 3,
      moved: 1,
      refunded: 2,
      waiting: 0,
      failed: 0,
      notCharged: 0,
    });
    expect(await refundRows(emma.bookingId)).toHaveLength(1);

    await sendMail();
    const movedMail = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, emma.bookingId), eq(emailOutbox.kind, 'trip_moved')));
    expect(movedMail).toHaveLength(1);
    expect(newTickets.every((x) => movedMail[0]?.textBody.includes(x.code))).toBe(true);
    for (const b of bought) expect(await cancelMails(b.bookingId)).toHaveLength(1);
  });
});
