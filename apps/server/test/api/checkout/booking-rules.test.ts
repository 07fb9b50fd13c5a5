// The booking rules the server decides with the same domain functions as the booking screen:
// published half-day and full-day prices, the minimum to depart counted per trip, and after
// paying: a self-drive boat's licence and a minimum still to reach, said again (issue 39).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicBooking } from '@boats/domain/schemas/booking';
import type { AvailabilityResponse } from '@boats/domain/schemas/slot';
import type { ManifestResponse } from '@boats/domain/schemas/trips';
import { bookings, emailOutbox, slots } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { cancelTripsBelowMinimum } from '../../../src/modules/trip-cancellation/minimum-cutoff';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import {
  bookingUrl,
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

describe('after paying: the licence of a self-drive boat and the minimum still to reach', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  let address = 100;
  const from = () => `10.0.1.${++address}`;
  const customer = (lang: string) => ({ customer: { name: 'Ana', email: 'ana@example.com' }, lang });
  const confirmed = <B extends { booking: object }>(body: B) => ({
    ...body,
    booking: { ...body.booking, licenceConfirmed: true },
  });
  const publicBooking = async (id: string) =>
    (await t.app.inject(bookingUrl(t.ctx, id))).json<{ booking: PublicBooking }>().booking;
  const emailsOf = async (bookingId: string) => {
    await queueEventEmails(t.ctx);
    return db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
  };

  it('a self-drive boat: no checkout without the licence confirmed (400 naming the field); the booking keeps it, the e-mail and the manifest say it', async () => {
    const boat = await createBoat(db, { requiresLicense: true, licence: 'pnb' });
    const run = await createPrivateRun(db, boat.id, DAY, 2);
    const body = charterRequest(boat, run[0]!, 2, customer('es'));
    const refused = await requestHold(t.app, body, from());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'licence_not_confirmed',
      details: { field: 'booking.licenceConfirmed' },
    });
    const sold = await buyAndConfirm(t.app, confirmed(body), from());
    const [row] = await db.select().from(bookings).where(eq(bookings.id, sold.bookingId));
    expect(row?.licenceConfirmed).toBe(true);
    expect((await publicBooking(sold.bookingId)).licence).toBe('pnb');

    const [confirmation] = (await emailsOf(sold.bookingId)).filter((e) => e.kind === 'booking_confirmation');
    expect(confirmation?.textBody).toContain(
      '- La titulación náutica del patrón: Patrón de Navegación Básica (PNB) o superior, o una equivalente como el ICC',
    );

    const manifest = await t.app.inject({ url: `/api/crew/trips/${run[0]!.id}/manifest`, headers: admin });
    expect(manifest.json<ManifestResponse>().bookings).toMatchObject([{ licenceToCheck: true }]);
  });

  it('a boat without a licence asks none and says none', async () => {
    const boat = await createBoat(db);
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 24 * HOUR), 2);
    const sold = await buyAndConfirm(t.app, charterRequest(boat, run[0]!, 2, customer('en')), from());
    const [row] = await db.select().from(bookings).where(eq(bookings.id, sold.bookingId));
    expect(row?.licenceConfirmed).toBe(false);
    expect((await publicBooking(sold.bookingId)).licence).toBeNull();
    const [confirmation] = (await emailsOf(sold.bookingId)).filter((e) => e.kind === 'booking_confirmation');
    expect(confirmation?.textBody).not.toMatch(/licen/i);
  });

  it('a booking that leaves its trip below the minimum is told again; at the cutoff the trip runs and each customer is e-mailed once', async () => {
    const boat = await createBoat(db, { sharedMinSeatsToDepart: 4, cutoffHours: 12, capacity: 12 });
    const slot = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 2 * 24 * HOUR), {
      seatsTotal: 12,
    });
    const cutoff = new Date(slot.startsAt.getTime() - 12 * HOUR);
    const first = await buyAndConfirm(t.app, sharedRequest(boat.id, slot, couple, customer('de')), from());
    expect((await publicBooking(first.bookingId)).minimum).toEqual({
      seats: 4,
      cutoffAt: cutoff.toISOString(),
    });
    const [told] = (await emailsOf(first.bookingId)).filter((e) => e.kind === 'booking_confirmation');
    // 11 June 2027, 22:00 in the Canaries (12 hours before 10:00), as the review said it.
    expect(told?.textBody).toContain(
      'Diese Fahrt findet ab 4 bezahlten Plätzen statt. Sind bis 11.06.2027 22:00 (kanarische Zeit) weniger gebucht',
    );

    // Two more bring it to its minimum: nothing more to say to anyone.
    const second = await buyAndConfirm(t.app, sharedRequest(boat.id, slot, couple, customer('en')), from());
    expect((await publicBooking(first.bookingId)).minimum).toBeNull();
    expect((await publicBooking(second.bookingId)).minimum).toBeNull();

    // Before the cutoff the job says nothing; at it, each customer once, in their language.
    await cancelTripsBelowMinimum(t.ctx);
    expect((await emailsOf(first.bookingId)).filter((e) => e.kind === 'trip_runs')).toEqual([]);
    t.setNow(cutoff);
    try {
      await cancelTripsBelowMinimum(t.ctx);
      await cancelTripsBelowMinimum(t.ctx);
      const runs = (await emailsOf(first.bookingId)).filter((e) => e.kind === 'trip_runs');
      expect(runs).toHaveLength(1);
      expect(runs[0]?.subject).toMatch(/^Ihre Fahrt findet statt/);
      expect((await emailsOf(second.bookingId)).filter((e) => e.kind === 'trip_runs')).toHaveLength(1);
    } finally {
      t.setNow(NOW);
    }
  });
});
