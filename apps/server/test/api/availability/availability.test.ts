import { describe, expect, it } from 'vitest';
import { bookings, bookingSlots } from '../../../src/db/schema';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createPrivateRun, createSlot, HOUR } from '../../helpers/checkout-fixtures';

// 10:00 Canary summer time (UTC+1) on a Tuesday.
const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('availability: GET /api/boat/:id', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db);
  const run = await createPrivateRun(db, boat.id, DAY, 3);
  const shared = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date(DAY.getTime() + 5 * HOUR),
    hours: 2,
    seatsTotal: 10,
    seatsTaken: 3,
    seatPriceCents: 2550,
  });
  const past = await createSlot(db, boat.id, { type: 'private', start: new Date(NOW.getTime() - 2 * HOUR) });
  const range = `start=${encodeURIComponent('2027-05-31T23:00:00Z')}&end=${encodeURIComponent('2027-06-30T23:00:00Z')}`;
  const url = `/api/boat/${boat.id}?${range}`;

  type Body = {
    boat: { _id: string };
    availability: { private: Record<string, unknown>[]; shared: Record<string, unknown>[] };
  };

  it('returns the boat and its slots in the range, seats left after sold and held seats', async () => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    const body = res.json<Body>();
    expect(body.boat._id).toBe(boat.id);
    expect(body.availability.private.map((s) => s._id)).toEqual([past.id, ...run.map((s) => s.id)]);
    expect(body.availability.shared).toEqual([
      {
        _id: shared.id,
        type: 'shared',
        start: '2027-06-10T14:00:00.000Z',
        end: '2027-06-10T16:00:00.000Z',
        isOpen: true,
        seatPrice: 25.5,
        seatsTotal: 10,
        seatsTaken: 3,
        seatsLeft: 7,
        available: true,
        // The boat has no minimum to depart.
        minimum: { seats: 0, paidSeatsSold: 0, cutoffAt: null },
      },
    ]);
  });

  it('marks a started slot unavailable and counts live holds but not expired ones', async () => {
    const hold = (expiresInMinutes: number, seats: number) =>
      db
        .insert(bookings)
        .values({
          boatId: boat.id,
          slotId: shared.id,
          type: 'shared',
          startsAt: shared.startsAt,
          endsAt: shared.endsAt,
          seats,
          adults: seats,
          amountGrossCents: 100,
          holdExpiresAt: new Date(NOW.getTime() + expiresInMinutes * 60_000),
        })
        .returning();
    await hold(10, 2);
    await hold(-1, 4);
    const [charter] = await db
      .insert(bookings)
      .values({
        boatId: boat.id,
        slotId: run[1]!.id,
        type: 'private',
        startsAt: run[1]!.startsAt,
        endsAt: run[1]!.endsAt,
        amountGrossCents: 100,
        holdExpiresAt: new Date(NOW.getTime() + 10 * 60_000),
      })
      .returning();
    await db.insert(bookingSlots).values({ bookingId: charter!.id, slotId: run[1]!.id });

    const body = (await t.app.inject(url)).json<Body>();
    const byId = new Map([...body.availability.private, ...body.availability.shared].map((s) => [s._id, s]));
    expect(byId.get(shared.id)).toMatchObject({ seatsTaken: 3, seatsLeft: 5, available: true });
    expect(byId.get(past.id)).toMatchObject({ available: false });
    expect(byId.get(run[0]!.id)).toMatchObject({ available: true });
    expect(byId.get(run[1]!.id)).toMatchObject({ available: false });

    // Eleven minutes later the charter hold and the 2-seat hold have lapsed: both free again.
    t.setNow(new Date(NOW.getTime() + 11 * 60_000));
    const later = (await t.app.inject(url)).json<Body>();
    const laterById = new Map(
      [...later.availability.private, ...later.availability.shared].map((s) => [s._id, s]),
    );
    expect(laterById.get(shared.id)).toMatchObject({ seatsLeft: 7 });
    expect(laterById.get(run[1]!.id)).toMatchObject({ available: true });
    t.setNow(NOW);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses a bad id or range with 400 naming the field, an unknown boat with 404', async () => {
    const bad = await t.app.inject(`/api/boat/not-a-uuid?${range}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation', fields: [{ path: 'params.id' }] });

    const reversed = await t.app.inject(
      `/api/boat/${boat.id}?start=2027-06-30T00:00:00Z&end=2027-06-01T00:00:00Z`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toContain('querystring.end');

    const missing = await t.app.inject(`/api/boat/${boat.id}`);
    expect(missing.statusCode).toBe(400);

    const garbage = await t.app.inject(`/api/boat/${boat.id}?start=yesterday&end=2027-06-01T00:00:00Z`);
    expect(garbage.statusCode).toBe(400);

    const tooLong = await t.app.inject(
      `/api/boat/${boat.id}?start=2027-01-01T00:00:00Z&end=2027-12-01T00:00:00Z`,
    );
    expect(tooLong.statusCode).toBe(400);

    const unknown = await t.app.inject(`/api/boat/00000000-0000-4000-8000-000000000000?${range}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('tells the browser which card form to show', async () => {
    const res = await t.app.inject('/api/payments/config');
    expect(res.statusCode).toBe(200);
    // Without Stripe keys a server outside production runs the sandbox.
    expect(res.json()).toEqual({ provider: 'sandbox' });
  });
});
