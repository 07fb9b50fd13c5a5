// A canceled trip is final, and a trip put on sale after its own cutoff has none (issue 31,
// items 1 and 2): "open the day" and the slot row's Open box leave a weather-canceled trip
// closed (409 naming why), a new trip may take its time; a schedule that includes today and a
// trip added by hand inside its cutoff are not canceled by the minimum job; the cutoff hours are
// the boat's, edited with the boat; a trip with fewer seats than the minimum is refused; a full
// trip is never at risk.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canaryInstant } from '@boats/domain/canary-time';
import { newBoatDefaults } from '@boats/domain/schemas/boat';
import { boats, slots } from '../../../src/db/schema';
import { cancelTripsBelowMinimum } from '../../../src/modules/trip-cancellation/minimum-cutoff';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';

// Wednesday 9 June 2027, 08:00 in the Canaries (summer time, UTC+1).
const NOW = new Date('2027-06-09T07:00:00Z');
const TODAY = '2027-06-09';
const SATURDAY = '2027-06-12';

type AdminSlotJson = {
  _id: string;
  start: string;
  isOpen: boolean;
  canceled: { at: string; cause: string | null; reason: string } | null;
  cutoffAt: string | null;
  lastMinute: boolean;
};
type TripJson = {
  slotId: string;
  start: string;
  state: string;
  cutoffAt: string | null;
  lastMinute: boolean;
  atRisk: boolean;
};

describe('canceled trips stay canceled; trips put on sale inside their cutoff keep running', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { capacity: 12, sharedMinSeatsToDepart: 4, cutoffHours: 12 });

  const saveSlot = (boatId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/boats/slots/${boatId}`, headers: admin, payload });
  const openDay = (boatId: string, date: string, isOpen = true) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/boats/${boatId}/schedule/days/${date}`,
      headers: admin,
      payload: { isOpen },
    });
  const adminSlots = async (boatId: string, date: string) => {
    const start = canaryInstant(date, '00:00').toISOString();
    const end = canaryInstant(date, '23:59').toISOString();
    const res = await t.app.inject({
      url: `/api/admin/boats/${boatId}/slots?start=${start}&end=${end}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AdminSlotJson[] }>().items;
  };
  const trips = async (date: string, headers = admin) =>
    (await t.app.inject({ url: `/api/crew/trips?date=${date}`, headers })).json<{
      items: TripJson[];
    }>().items;

  it('keeps a weather-canceled trip closed through "open the day" and the row’s box, and lets a new trip take its time', async () => {
    const start = canaryInstant(SATURDAY, '10:00');
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start,
      hours: 3,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
    // Another trip that day, closed by hand: "open the day" opens it.
    const evening = await createSlot(db, boat.id, {
      type: 'shared',
      start: canaryInstant(SATURDAY, '17:00'),
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 2000,
      isOpen: false,
    });
    await buySeats(
      t,
      boat.id,
      trip,
      { adults: 4 },
      { name: 'Ana', email: 'ana@example.com', phone: '+34600100200' },
    );
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${trip.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'storm_warning', note: 'Storm warning for Saturday', offer: 'refund' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);

    // "Open every slot" opens the evening trip and says the canceled one stays closed.
    expect((await openDay(boat.id, SATURDAY)).json()).toEqual({ updated: 1, canceled: 1 });
    const [stored] = await db.select().from(slots).where(eq(slots.id, trip.id));
    expect(stored?.isOpen).toBe(false);
    const [reopened] = await db.select().from(slots).where(eq(slots.id, evening.id));
    expect(reopened?.isOpen).toBe(true);

    // The row's Open box: 409 naming why, and nothing changes.
    const row = await saveSlot(boat.id, {
      _id: trip.id,
      type: 'shared',
      start: trip.startsAt.toISOString(),
      end: trip.endsAt.toISOString(),
      isOpen: true,
      seatPrice: 20,
      seatsTotal: 12,
      seatsTaken: 0,
    });
    expect(row.statusCode, row.body).toBe(409);
    expect(row.json()).toMatchObject({ error: 'trip_canceled', details: { reason: 'weather' } });
    expect(row.json<{ message: string }>().message).toMatch(/canceled by the operator.*Storm warning/);
    const [still] = await db.select().from(slots).where(eq(slots.id, trip.id));
    expect(still?.isOpen).toBe(false);

    // The panel shows the row as canceled, with who and why; the public calendar no longer has it.
    const listed = (await adminSlots(boat.id, SATURDAY)).find((s) => s._id === trip.id);
    expect(listed).toMatchObject({
      isOpen: false,
      canceled: { cause: 'weather', reason: 'Storm warning for Saturday' },
    });
    const month = await t.app.inject({
      url: `/api/boat/${boat.id}?start=${canaryInstant(SATURDAY, '00:00').toISOString()}&end=${canaryInstant('2027-06-13', '00:00').toISOString()}`,
    });
    expect(month.statusCode, month.body).toBe(200);
    const shared = month.json<{ availability: { shared: { _id: string }[] } }>().availability.shared;
    expect(shared.map((s) => s._id)).toEqual([evening.id]);

    // The operator wants the trip back: that is a new trip, at the same time.
    const again = await saveSlot(boat.id, {
      type: 'shared',
      start: trip.startsAt.toISOString(),
      end: trip.endsAt.toISOString(),
      isOpen: true,
      seatPrice: 20,
      seatsTotal: 12,
      seatsTaken: 0,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AdminSlotJson>()).toMatchObject({ isOpen: true, canceled: null });

    // Deleting the canceled trip would lose the record of its customer.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/boats/${boat.id}/slots/${trip.id}`,
      headers: admin,
      payload: { reason: 'tidy up' },
    });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json()).toMatchObject({ error: 'trip_canceled', details: { reason: 'delete' } });
  });

  it('keeps a trip canceled by the minimum closed too, and says so on its row', async () => {
    // The checkout refuses a booking below the minimum on its own; the operator raises it later.
    const small = await createBoat(db, { capacity: 12, sharedMinSeatsToDepart: 0, cutoffHours: 12 });
    const start = canaryInstant('2027-06-10', '18:00');
    const trip = await createSlot(db, small.id, {
      type: 'shared',
      start,
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
    await buySeats(
      t,
      small.id,
      trip,
      { adults: 2 },
      { name: 'Bo', email: 'bo@example.com', phone: '+34600100201' },
    );
    await db.update(boats).set({ sharedMinSeatsToDepart: 4 }).where(eq(boats.id, small.id));
    t.setNow(new Date(start.getTime() - 11 * HOUR));
    try {
      expect(await cancelTripsBelowMinimum(t.ctx)).toBe(1);
      const late = bearer(await tokenFor(t, 'admin'));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/boats/${small.id}/schedule/days/2027-06-10`,
        headers: late,
        payload: { isOpen: true },
      });
      expect(res.json()).toEqual({ updated: 0, canceled: 1 });
      const row = await t.app.inject({
        method: 'POST',
        url: `/api/boats/slots/${small.id}`,
        headers: late,
        payload: {
          _id: trip.id,
          type: 'shared',
          start: trip.startsAt.toISOString(),
          end: trip.endsAt.toISOString(),
          isOpen: true,
          seatPrice: 20,
          seatsTotal: 12,
          seatsTaken: 0,
        },
      });
      expect(row.statusCode).toBe(409);
      expect(row.json()).toMatchObject({ error: 'trip_canceled', details: { reason: 'minimum' } });
      expect(row.json<{ message: string }>().message).toMatch(/minimum-to-depart cutoff/);
    } finally {
      t.setNow(NOW);
    }
    const listed = (await adminSlots(small.id, '2027-06-10')).find((s) => s._id === trip.id);
    expect(listed?.canceled?.cause).toBe('minimum');
  });

  it('creates no trip that cancels itself: a schedule including today and a trip added by hand run as last-minute trips', async () => {
    const other = await createBoat(db, { capacity: 12, sharedMinSeatsToDepart: 4, cutoffHours: 12 });
    const pattern = {
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startTimes: ['10:00', '16:30'],
      durationHours: 2,
      type: 'shared',
      seatsTotal: 10,
      seatPrice: 25,
      from: TODAY,
      to: '2027-06-10',
    };
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${other.id}/schedule/preview`,
      headers: admin,
      payload: pattern,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json<{ create: { start: string; lastMinute: boolean }[] }>();
    // Today 10:00 and 16:30 are past their 12-hour cutoff already; tomorrow 10:00 (cutoff 22:00
    // tonight) and 16:30 are not.
    expect(plan.create.map((c) => [c.start, c.lastMinute])).toEqual([
      [canaryInstant(TODAY, '10:00').toISOString(), true],
      [canaryInstant(TODAY, '16:30').toISOString(), true],
      [canaryInstant('2027-06-10', '10:00').toISOString(), false],
      [canaryInstant('2027-06-10', '16:30').toISOString(), false],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${other.id}/schedule`,
      headers: admin,
      payload: pattern,
    });
    expect(created.statusCode, created.body).toBe(200);

    // And one added by hand for this evening.
    const byHand = await saveSlot(other.id, {
      type: 'shared',
      start: canaryInstant(TODAY, '19:00').toISOString(),
      end: canaryInstant(TODAY, '21:00').toISOString(),
      isOpen: true,
      seatPrice: 25,
      seatsTotal: 10,
      seatsTaken: 0,
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(byHand.json<AdminSlotJson>()).toMatchObject({ lastMinute: true, cutoffAt: null });

    // The minimum job, seconds later and all day: today's trips run.
    for (const at of ['08:01', '12:00', '16:00']) {
      t.setNow(canaryInstant(TODAY, at));
      await cancelTripsBelowMinimum(t.ctx);
    }
    t.setNow(NOW);
    const today = (await trips(TODAY)).filter((trip) => trip.start.startsWith('2027-06-09'));
    const ofOther = today.filter((trip) =>
      [canaryInstant(TODAY, '16:30'), canaryInstant(TODAY, '19:00')]
        .map((d) => d.toISOString())
        .includes(trip.start),
    );
    expect(ofOther).toHaveLength(2);
    for (const trip of ofOther)
      expect(trip).toMatchObject({ state: 'on_track', lastMinute: true, cutoffAt: null, atRisk: false });
    expect(await db.select().from(slots).where(eq(slots.boatId, other.id))).toSatisfy(
      (rows: { canceledAt: Date | null }[]) => rows.every((r) => r.canceledAt === null),
    );

    // Tomorrow's 10:00 trip was scheduled in time: at 22:00 tonight it is below its minimum and goes.
    t.setNow(canaryInstant(TODAY, '22:00'));
    try {
      await cancelTripsBelowMinimum(t.ctx);
    } finally {
      t.setNow(NOW);
    }
    const [tomorrow] = await db
      .select()
      .from(slots)
      .where(eq(slots.startsAt, canaryInstant('2027-06-10', '10:00')));
    expect(tomorrow?.canceledAt).not.toBeNull();
  });

  it('keeps the cutoff hours with the boat, edited in the boat editor; 0 is no cutoff', async () => {
    const input = {
      ...newBoatDefaults,
      title: 'Cutoff Boat',
      capacity: 10,
      shared: { pricing: { perHour: 20 }, minSeatsToDepart: 4, cutoffHours: 24 },
    };
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/boats',
      headers: admin,
      payload: input,
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ boat: { _id: string; shared: { cutoffHours: number } } }>().boat._id;
    expect(made.json<{ boat: { shared: { cutoffHours: number } } }>().boat.shared.cutoffHours).toBe(24);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${id}`,
      headers: admin,
      payload: { ...input, shared: { ...input.shared, cutoffHours: 200 } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('shared.cutoffHours');
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${id}`,
      headers: admin,
      payload: { ...input, shared: { ...input.shared, cutoffHours: 0 } },
    });
    expect(none.statusCode, none.body).toBe(200);
    const [row] = await db.select().from(boats).where(eq(boats.id, id));
    expect(row?.cutoffHours).toBe(0);
    // A form without the field keeps what is stored.
    const { cutoffHours: _dropped, ...sharedWithout } = input.shared;
    await t.app.inject({
      method: 'POST',
      url: `/api/boats/update/${id}`,
      headers: admin,
      payload: { ...input, shared: sharedWithout },
    });
    const [kept] = await db.select().from(boats).where(eq(boats.id, id));
    expect(kept?.cutoffHours).toBe(0);
  });

  it('refuses a trip with fewer seats than the minimum, and never puts a full trip at risk', async () => {
    const few = await saveSlot(boat.id, {
      type: 'shared',
      start: canaryInstant('2027-06-14', '10:00').toISOString(),
      end: canaryInstant('2027-06-14', '12:00').toISOString(),
      isOpen: true,
      seatPrice: 20,
      seatsTotal: 3,
      seatsTaken: 0,
    });
    expect(few.statusCode).toBe(400);
    expect(few.json()).toMatchObject({ details: { problems: { seatsTotal: 'belowMinimum' } } });
    const schedule = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${boat.id}/schedule/preview`,
      headers: admin,
      payload: {
        weekdays: [1],
        startTimes: ['10:00'],
        durationHours: 2,
        type: 'shared',
        seatsTotal: 3,
        seatPrice: 20,
        from: '2027-06-14',
        to: '2027-06-21',
      },
    });
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json()).toMatchObject({
      details: { field: 'seatsTotal', reason: 'minimum', minimum: 4 },
    });

    // Four seats, all taken by the operator by hand (sold at the kiosk): full, never at risk.
    const start = canaryInstant('2027-06-15', '10:00');
    const full = await createSlot(db, boat.id, {
      type: 'shared',
      start,
      hours: 2,
      seatsTotal: 4,
      seatsTaken: 4,
    });
    t.setNow(new Date(start.getTime() - 20 * HOUR));
    try {
      const listed = (await trips('2027-06-15', bearer(await tokenFor(t, 'admin')))).find(
        (trip) => trip.slotId === full.id,
      );
      expect(listed).toMatchObject({ state: 'full', atRisk: false });
      t.setNow(new Date(start.getTime() - 11 * HOUR));
      await cancelTripsBelowMinimum(t.ctx);
    } finally {
      t.setNow(NOW);
    }
    const [kept] = await db.select().from(slots).where(eq(slots.id, full.id));
    expect(kept?.canceledAt).toBeNull();
  });
});
