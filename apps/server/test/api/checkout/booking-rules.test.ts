// The booking rules the server decides with the same domain functions as the booking screen:
// published half-day and full-day prices, and the minimum to depart counted per trip.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '@boats/domain/schemas/slot';
import { bookings, slots } from '../../../src/db/schema';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  HOUR,
  requestHold,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z'); // 10:00 in the Canaries
const DAY = new Date('2027-06-10T09:00:00Z');
const couple = { adults: 2, children50: 0, kidsFree: 0 };

describe('published half-day and full-day prices are the price', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  // The boat of the report: €180 an hour, €640 a half day, €1,200 a full day.
  const boat = await createBoat(db, {
    pricePerHourCents: 18000,
    priceHalfDayCents: 64000,
    pricePerDayCents: 120000,
    maxDurationHours: 10,
  });

  it('charges €640 for 4 hours and refuses the old 4 h × €180', async () => {
    const run = await createPrivateRun(db, boat.id, DAY, 4);
    const oldWay = {
      ...charterRequest(boat, run[0]!, 4),
      amount: 72000,
    };
    oldWay.booking.priceBreakdown = { unitPerHour: 180, paidUnits: 1, hours: 4, total: 720 };
    const refused = await requestHold(t.app, oldWay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'price_mismatch',
      details: { serverAmount: 64000, serverBreakdown: { total: 640, rate: 'halfDay' } },
    });

    const body = charterRequest(boat, run[0]!, 4);
    expect(body.amount).toBe(64000);
    const hold = await startCheckout(t.app, body);
    expect(hold.amount).toBe(64000);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, hold.bookingId));
    expect(row).toMatchObject({ amountGrossCents: 64000, priceBreakdown: { rate: 'halfDay', total: 640 } });
  });

  it('charges €1,200 for 7 and 8 hours, and the hourly price where it is lower', async () => {
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 24 * HOUR), 10);
    const prices: [number, number][] = [];
    for (const hours of [3, 5, 7, 8, 9]) {
      const body = charterRequest(boat, run[0]!, hours);
      const answer = await requestHold(t.app, { ...body, amount: 1 });
      // The server names its own figure; the request at that figure is the one it takes.
      prices.push([hours, answer.json<{ details: { serverAmount: number } }>().details.serverAmount]);
      expect(body.amount).toBe(prices.at(-1)![1]);
    }
    expect(prices).toEqual([
      [3, 54000],
      [5, 90000],
      [7, 120000],
      [8, 120000],
      [9, 162000],
    ]);
    const day = await buyAndConfirm(t.app, charterRequest(boat, run[0]!, 8));
    expect(day.amount).toBe(120000);
  });

  it("says the boat's lengths on its answer, and follows them when the operator changes them", async () => {
    const other = await createBoat(db, {
      pricePerHourCents: 18000,
      priceHalfDayCents: 64000,
      halfDayHours: 5,
      fullDayHours: 9,
    });
    const run = await createPrivateRun(db, other.id, new Date(DAY.getTime() + 48 * HOUR), 5);
    const month = await t.app.inject(
      `/api/boat/${other.id}?start=${run[0]!.startsAt.toISOString()}&end=${new Date(run[0]!.startsAt.getTime() + 86_400_000).toISOString()}`,
    );
    expect(month.json<AvailabilityResponse>().boat.pricing).toEqual({
      perHour: 180,
      halfDay: 640,
      perDay: null,
      halfDayHours: 5,
      fullDayHours: 9,
    });
    expect(charterRequest(other, run[0]!, 5).amount).toBe(64000);
    expect((await startCheckout(t.app, charterRequest(other, run[0]!, 5))).amount).toBe(64000);
  });
});

describe('the minimum to depart is about the trip', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  // Shared trips need 4 paid seats; the cutoff cancels a trip below that 12 h before it leaves.
  const withCutoff = await createBoat(db, { sharedMinSeatsToDepart: 4, cutoffHours: 12, capacity: 12 });
  const noCutoff = await createBoat(db, { sharedMinSeatsToDepart: 4, cutoffHours: 0, capacity: 12 });
  let day = 0;
  const trip = (boatId: string, start = new Date(DAY.getTime() + ++day * 24 * HOUR)) =>
    createSharedTrip(db, boatId, start, { seatsTotal: 12 });
  let address = 0;
  const from = () => `10.0.0.${++address}`;
  const minimumOf = async (boatId: string, slotId: string) => {
    const start = new Date(NOW.getTime()).toISOString();
    const end = new Date(NOW.getTime() + 60 * 86_400_000).toISOString();
    const month = (
      await t.app.inject(`/api/boat/${boatId}?start=${start}&end=${end}`)
    ).json<AvailabilityResponse>();
    return month.availability.shared.find((s) => s._id === slotId)?.minimum;
  };

  it('a couple joins a trip that already sold 5 paid seats', async () => {
    for (const boat of [withCutoff, noCutoff]) {
      const slot = await trip(boat.id);
      await buyAndConfirm(
        t.app,
        sharedRequest(boat.id, slot, { adults: 5, children50: 0, kidsFree: 0 }),
        from(),
      );
      expect(await minimumOf(boat.id, slot.id)).toMatchObject({ seats: 4, paidSeatsSold: 5 });
      await startCheckout(t.app, sharedRequest(boat.id, slot, couple), from());
    }
  });

  it('below the minimum with the cutoff ahead: the couple is taken, the cutoff decides the trip', async () => {
    const slot = await trip(withCutoff.id);
    expect(await minimumOf(withCutoff.id, slot.id)).toEqual({
      seats: 4,
      paidSeatsSold: 0,
      cutoffAt: new Date(slot.startsAt.getTime() - 12 * HOUR).toISOString(),
    });
    await buyAndConfirm(t.app, sharedRequest(withCutoff.id, slot, couple), from());
    expect(await minimumOf(withCutoff.id, slot.id)).toMatchObject({ paidSeatsSold: 2 });
  });

  it('below the minimum on a boat without a cutoff: refused, until the trip has the seats', async () => {
    const slot = await trip(noCutoff.id);
    expect(await minimumOf(noCutoff.id, slot.id)).toEqual({ seats: 4, paidSeatsSold: 0, cutoffAt: null });
    const refused = await requestHold(t.app, sharedRequest(noCutoff.id, slot, couple), from());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'belowMinToDepart',
      details: { field: 'booking.tickets' },
    });
    // A child under 6 is not a paid seat; a child 6–12 is.
    const withToddler = { adults: 3, children50: 0, kidsFree: 1 };
    expect((await requestHold(t.app, sharedRequest(noCutoff.id, slot, withToddler), from())).statusCode).toBe(
      400,
    );
    await buyAndConfirm(
      t.app,
      sharedRequest(noCutoff.id, slot, { adults: 3, children50: 1, kidsFree: 0 }),
      from(),
    );
    await startCheckout(t.app, sharedRequest(noCutoff.id, slot, couple), from());
  });

  it('after the cutoff, a booking must bring the trip to its minimum itself', async () => {
    // Leaves in 6 hours: its 12-hour cutoff has passed.
    const slot = await trip(withCutoff.id, new Date(NOW.getTime() + 6 * HOUR));
    const refused = await requestHold(t.app, sharedRequest(withCutoff.id, slot, couple), from());
    expect(refused.json()).toMatchObject({ error: 'belowMinToDepart' });
    await startCheckout(
      t.app,
      sharedRequest(withCutoff.id, slot, { adults: 4, children50: 0, kidsFree: 0 }),
      from(),
    );
  });

  it('a trip whose minimum the operator waived takes anyone', async () => {
    const slot = await trip(noCutoff.id);
    await db.update(slots).set({ minimumWaived: true }).where(eq(slots.id, slot.id));
    expect(await minimumOf(noCutoff.id, slot.id)).toMatchObject({ seats: 0 });
    await startCheckout(
      t.app,
      sharedRequest(noCutoff.id, slot, { adults: 1, children50: 0, kidsFree: 0 }),
      from(),
    );
  });
});
