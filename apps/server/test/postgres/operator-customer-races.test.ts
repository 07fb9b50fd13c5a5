// The operator and the customers of one trip at the same instant, on PostgreSQL with real
// parallel connections (issue 23, item 3). Every path locks trips by id, then bookings by id,
// then ledger rows (docs/architecture.md#concurrency), so these races queue instead of
// deadlocking; a deadlock that still happens is retried by the server, never answered as a
// conflict.
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAppContext } from '../../src/context';
import { bookings, refunds, slots, tripChangeOffers } from '../../src/db/schema';
import { customerToken } from '../helpers/manage-token';
import { ledgerOf } from '../../src/modules/payments/ledger';
import { resumeTripCancellations } from '../../src/modules/trip-cancellation/trip-cancellation-service';
import { bearer, tokenFor } from '../helpers/admin-token';
import { buildTestApp } from '../helpers/test-app';
import { buyAndConfirm, createBoat, createSlot, HOUR, sharedRequest } from '../helpers/checkout-fixtures';

const NOW = new Date('2027-08-02T07:00:00Z');

describe('the operator and customers of one trip at once (PostgreSQL)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { MAX_LIVE_HOLDS_PER_IP: '1000' } });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  let customers = 0;
  /** Each customer's own address (per-address limits), by booking id. */
  const addressOf = new Map<string, string>();
  const as = (address: string | undefined) => ({
    inject: (o: InjectOptions | string) =>
      t.app.inject({
        ...(typeof o === 'string' ? { url: o } : o),
        ...(address && { remoteAddress: address }),
      }),
  });

  async function tripWith(boatId: string, hoursAhead: number, parties: number[], seatsTotal = 12) {
    const slot = await createSlot(db, boatId, {
      type: 'shared',
      start: new Date(NOW.getTime() + hoursAhead * HOUR),
      hours: 2,
      seatsTotal,
      seatPriceCents: 2500,
    });
    const ids: string[] = [];
    for (const adults of parties) {
      customers += 1;
      // Each customer from an address of their own, as real customers are (per-address limits).
      const address = `10.23.${customers >> 8}.${customers & 255}`;
      const { bookingId } = await buyAndConfirm(
        as(address),
        sharedRequest(
          boatId,
          slot,
          { adults, children50: 0, kidsFree: 0 },
          {
            customer: {
              name: `Customer ${customers}`,
              email: `c${customers}@example.com`,
              phone: '+34600000000',
            },
          },
        ),
      );
      ids.push(bookingId);
      addressOf.set(bookingId, address);
    }
    return { slot, ids };
  }
  const token = (bookingId: string) => customerToken(t.ctx, bookingId);
  const weatherCancel = (slotId: string, offer: 'refund' | 'choice') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slotId}/cancel`,
      headers: admin,
      payload: { reasonCode: 'storm_warning', note: 'Storm warning', offer },
    });

  it('seven customers moving to one roomy trip at once all move; a choice sent a second before the deadline counts', async () => {
    const boat = await createBoat(db, { title: { en: 'Seven' } });
    const { slot, ids } = await tripWith(boat.id, 30, [1, 1, 1, 1, 1, 1, 1], 10);
    const roomy = await createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(NOW.getTime() + 80 * HOUR),
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 2500,
    });
    expect((await weatherCancel(slot.id, 'choice')).json()).toMatchObject({ canceled: 7, refunded: 0 });
    const [offer] = await db.select().from(tripChangeOffers).where(eq(tripChangeOffers.bookingId, ids[0]!));
    const deadline = offer!.deadline;

    // The customers choose a second before the deadline; the deadline job of a second instance
    // runs a second after it, at the same time.
    const tokens = new Map(await Promise.all(ids.map(async (id) => [id, await token(id)] as const)));
    t.setNow(new Date(deadline.getTime() - 1000));
    const jobInstance = createAppContext(t.ctx.config, t.database, () => new Date(deadline.getTime() + 1000));
    const [answers] = await Promise.all([
      Promise.all(
        ids.map((id) =>
          as(addressOf.get(id)).inject({
            method: 'POST',
            url: `/api/bookings/${id}/trip-change`,
            payload: { token: tokens.get(id), choice: 'move', slotId: roomy.id },
          }),
        ),
      ),
      resumeTripCancellations(jobInstance),
    ]);
    t.setNow(NOW);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ result: 'moved', refunded: 0 });
    }
    const moved = await db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(moved.map((b) => [b.status, b.slotId])).toEqual(ids.map(() => ['paid', roomy.id]));
    const [after] = await db.select().from(slots).where(eq(slots.id, roomy.id));
    expect(after?.seatsTaken).toBe(7);
    expect(await db.select().from(refunds).where(inArray(refunds.bookingId, ids))).toEqual([]);
  });

  it('the weather cancel raced 20 times against a customer cancelling 30 hours ahead: the weather wins, everyone refunded in full', async () => {
    for (let round = 0; round < 20; round++) {
      const boat = await createBoat(db, { title: { en: `Race ${round}` } });
      const { slot, ids } = await tripWith(boat.id, 30, [2, 1, 3]);
      const quitter = ids[round % ids.length]!;
      const customerApp = as(addressOf.get(quitter));
      const quote = await customerApp.inject(
        `/api/bookings/${quitter}/cancellation?token=${await token(quitter)}`,
      );
      expect(quote.json()).toMatchObject({ refundPercent: 50 });
      const [operator, customer] = await Promise.all([
        weatherCancel(slot.id, 'refund'),
        customerApp.inject({
          method: 'POST',
          url: `/api/bookings/${quitter}/cancel`,
          payload: { token: await token(quitter), expectedRefund: quote.json<{ refund: number }>().refund },
        }),
      ]);
      expect(operator.statusCode, `round ${round}: ${operator.body}`).toBe(200);
      // The customer came first (then the weather tops the refund up), or second (told why).
      if (customer.statusCode !== 200) {
        expect(customer.statusCode, customer.body).toBe(409);
        expect(customer.json()).toMatchObject({ error: 'trip_canceled' });
      }
      // What the customer's own refund left pending is finished by the job, as in production.
      await resumeTripCancellations(t.ctx);
      const [trip] = await db.select().from(slots).where(eq(slots.id, slot.id));
      expect(trip?.canceledAt, `round ${round}`).not.toBeNull();
      for (const id of ids) {
        const ledger = await ledgerOf(db, id);
        expect(ledger.receivedCents).toBeGreaterThan(0);
        expect(ledger.refundedCents + ledger.pendingRefundCents, `round ${round}, ${id}`).toBe(
          ledger.receivedCents,
        );
        const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
        expect(row?.status, `round ${round}`).toBe('refunded');
      }
    }
  });

  it('a deadlock between two transactions is retried by the server: both finish', async () => {
    const boat = await createBoat(db, { title: { en: 'Deadlock' } });
    const { slot: a } = await tripWith(boat.id, 200, []);
    const { slot: b } = await tripWith(boat.id, 210, []);
    let attempts = 0;
    // Two transactions lock the same two rows in opposite orders, each waiting for the other
    // before its second lock: PostgreSQL must kill one (40P01), and the retry lets it finish.
    const meet = (() => {
      let waiting = 0;
      let release: () => void = () => undefined;
      const both = new Promise<void>((resolve) => (release = resolve));
      return () => {
        waiting += 1;
        if (waiting === 2) release();
        return both;
      };
    })();
    const lockBoth = (first: string, second: string, seats: number) =>
      db.transaction(async (tx) => {
        attempts += 1;
        await tx.update(slots).set({ seatsTaken: seats }).where(eq(slots.id, first));
        await Promise.race([meet(), new Promise((resolve) => setTimeout(resolve, 2000))]);
        await tx.update(slots).set({ seatsTaken: seats }).where(eq(slots.id, second));
        return seats;
      });
    expect(await Promise.all([lockBoth(a.id, b.id, 1), lockBoth(b.id, a.id, 2)])).toEqual([1, 2]);
    expect(attempts).toBe(3);
  });
});
