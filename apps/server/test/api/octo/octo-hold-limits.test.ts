// A reseller's key cannot corner the fleet (docs/channels.md#holds-and-the-lifecycle): its
// unconfirmed reservations are limited together, like a site visitor's checkouts, by the
// reseller's limits: seats and share of one trip (20 parallel reservations take exactly the
// share), seats in one reservation, reservations at once, and a reservation's longest life,
// extensions included. Each
// refusal is OCTO's UNPROCESSABLE_ENTITY with what to do; the site's customers keep the rest. A
// reseller the admin gave its own limits (PUT /api/admin/resellers/{id}/hold-limits) gets exactly
// those, the others the server's settings; a limit out of range is a 400 naming it.
import { zBooking, zProduct } from '@octocloud/types';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { createBoat, createSlot, HOUR, requestHold, sharedRequest } from '../../helpers/checkout-fixtures';
import { newReseller } from '../../helpers/reseller-fixture';
import { buildTestApp } from '../../helpers/test-app';

const NOW = new Date('2027-02-10T10:00:00Z');
const TRIP = new Date('2027-02-13T11:00:00Z');
const MINUTE = 60_000;

describe("a reseller's holds are limited", async () => {
  const t = await buildTestApp({
    template: 'empty',
    now: NOW,
    env: { RESELLER_MAX_LIVE_HOLDS: '12', RESELLER_MAX_HOLD_MINUTES: '60' },
  });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12 });
  const tripAt = (hoursLater: number) =>
    createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(TRIP.getTime() + hoursLater * HOUR),
      hours: 3,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
  const viator = await newReseller(t, admin);
  const reserve = (slotId: string, adults: number, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/octo/bookings',
      headers: { authorization: `Bearer ${viator.key}` },
      payload: {
        productId: boat.id,
        optionId: 'DEFAULT',
        availabilityId: slotId,
        unitItems: Array.from({ length: adults }, () => ({ unitId: 'adult' })),
        ...extra,
      },
    });
  const octo = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url: `/octo${url}`, headers: { authorization: `Bearer ${viator.key}` }, payload });

  /** The answer's booking, once it is a 200. */
  const bookingOf = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return zBooking.parse(res.json());
  };

  it('says it in OCTO: the shared option and each trip take at most the 8 seats a key may hold', async () => {
    const trip = await tripAt(6);
    const headers = { authorization: `Bearer ${viator.key}` };
    const product = zProduct.parse(
      (await t.app.inject({ url: `/octo/products/${boat.id}`, headers })).json(),
    );
    expect(product.options[0]!.restrictions).toMatchObject({ minUnits: 1, maxUnits: 8 });
    const found = await octo('POST', '/availability', {
      productId: boat.id,
      optionId: 'DEFAULT',
      availabilityIds: [trip.id],
    });
    expect(found.json<{ vacancies: number; maxUnits: number }[]>()).toMatchObject([
      { vacancies: 12, maxUnits: 8 },
    ]);
  });

  it('holds at most 70 % of a trip unconfirmed: 20 reservations at once take exactly 8 of its 12 seats', async () => {
    const trip = await tripAt(0);
    const answers = await Promise.all(Array.from({ length: 20 }, () => reserve(trip.id, 1)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(8);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: 'UNPROCESSABLE_ENTITY',
        errorMessage:
          'A reseller can hold at most 8 seats of this trip unconfirmed (this key holds 8): confirm or cancel a reservation first.',
      });
    }
    // The site's customers can still buy the rest.
    const site = await requestHold(
      t.app,
      sharedRequest(boat.id, trip, { adults: 4, children50: 0, kidsFree: 0 }),
    );
    expect(site.statusCode, site.body).toBe(200);
    // A confirmed reservation no longer counts against the share.
    const [first] = answers.filter((a) => a.statusCode === 200);
    const confirmed = await octo('POST', `/bookings/${bookingOf(first!).uuid}/confirm`, {
      contact: { fullName: 'Ana Pérez' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('keeps a reservation at most an hour from when it was made, however often it is extended', async () => {
    const trip = await tripAt(24);
    const asked = await reserve(trip.id, 1, { expirationMinutes: 1440 });
    const held = bookingOf(asked);
    expect(Date.parse(held.utcExpiresAt!)).toBe(NOW.getTime() + 60 * MINUTE);

    const short = bookingOf(await reserve(trip.id, 1, { expirationMinutes: 20 }));
    expect(Date.parse(short.utcExpiresAt!)).toBe(NOW.getTime() + 20 * MINUTE);
    const extended = bookingOf(
      await octo('POST', `/bookings/${short.uuid}/extend`, { expirationMinutes: 45 }),
    );
    expect(Date.parse(extended.utcExpiresAt!)).toBe(NOW.getTime() + 45 * MINUTE);
    const capped = bookingOf(
      await octo('POST', `/bookings/${short.uuid}/extend`, { expirationMinutes: 120 }),
    );
    expect(Date.parse(capped.utcExpiresAt!)).toBe(NOW.getTime() + 60 * MINUTE);
    const refused = await octo('POST', `/bookings/${short.uuid}/extend`, { expirationMinutes: 90 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'A reservation is held at most 60 minutes: confirm it or let it go.',
    });
    const patched = await octo('PATCH', `/bookings/${short.uuid}`, { expirationMinutes: 120 });
    expect(patched.statusCode).toBe(400);
  });

  it('keeps at most its limit of reservations at once, on any trips', async () => {
    // 12 allowed; the two tests before hold 7 + 2 live.
    const trips = await Promise.all([48, 72, 96, 120].map((h) => tripAt(h)));
    const answers = [];
    for (const trip of trips) answers.push(await reserve(trip.id, 1));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 400]);
    expect(answers[3]!.json()).toEqual({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage:
        'This API key holds 12 unconfirmed reservations, the most it may: confirm or cancel some first.',
    });
  });
});

describe("a reseller's own limits, set by the admin", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12 });
  const tripAt = (hoursLater: number) =>
    createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(TRIP.getTime() + hoursLater * HOUR),
      hours: 3,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
  const trusted = await newReseller(t, admin);
  const other = await newReseller(t, admin);
  const setLimits = (resellerId: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/resellers/${resellerId}/hold-limits`,
      headers: admin,
      payload,
    });
  const reserve = (key: string, slotId: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/octo/bookings',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        productId: boat.id,
        optionId: 'DEFAULT',
        availabilityId: slotId,
        unitItems: [{ unitId: 'adult' }],
        ...extra,
      },
    });
  const maxUnitsFor = async (key: string) =>
    zProduct.parse(
      (
        await t.app.inject({ url: `/octo/products/${boat.id}`, headers: { authorization: `Bearer ${key}` } })
      ).json(),
    ).options[0]!.restrictions.maxUnits;

  it('refuses a limit out of range with a 400 naming it, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ maxHeldSharePercent: 101 }, 'body.maxHeldSharePercent'],
      [{ maxHeldSeatsPerTrip: 0 }, 'body.maxHeldSeatsPerTrip'],
      [{ maxSeatsPerReservation: 10_001 }, 'body.maxSeatsPerReservation'],
      [{ maxLiveHolds: 2.5 }, 'body.maxLiveHolds'],
      [{ maxHoldMinutes: 1441 }, 'body.maxHoldMinutes'],
      [{ maxHoldMinutes: '30' }, 'body.maxHoldMinutes'],
    ];
    for (const [bad, path] of cases) {
      const res = await setLimits(trusted.resellerId, {
        maxHeldSharePercent: null,
        maxHeldSeatsPerTrip: null,
        maxSeatsPerReservation: null,
        maxLiveHolds: null,
        maxHoldMinutes: null,
        ...bad,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path)).toEqual([path]);
    }
    const missing = await setLimits(trusted.resellerId, { maxHeldSharePercent: 50 });
    expect(missing.statusCode).toBe(400);
    const list = await t.app.inject({ url: '/api/admin/resellers', headers: admin });
    const mine = list
      .json<{ items: { _id: string; holdLimits: object; holdLimitDefaults: object }[] }>()
      .items.find((r) => r._id === trusted.resellerId)!;
    expect(mine.holdLimits).toEqual({
      maxHeldSharePercent: null,
      maxHeldSeatsPerTrip: null,
      maxSeatsPerReservation: null,
      maxLiveHolds: null,
      maxHoldMinutes: null,
    });
    expect(mine.holdLimitDefaults).toEqual({
      maxHeldSharePercent: 70,
      maxHeldSeatsPerTrip: 20,
      maxSeatsPerReservation: 20,
      maxLiveHolds: 100,
      maxHoldMinutes: 60,
    });
  });

  it('gives the reseller exactly its own limits (audited), and the other reseller the server’s', async () => {
    const limits = {
      maxHeldSharePercent: 50,
      maxHeldSeatsPerTrip: 5,
      maxSeatsPerReservation: null,
      maxLiveHolds: 6,
      maxHoldMinutes: 10,
    };
    const set = await setLimits(trusted.resellerId, limits);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ reseller: { holdLimits: object } }>().reseller.holdLimits).toEqual(limits);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reseller.hold_limits'), eq(auditLog.objectId, trusted.resellerId)));
    expect(audit.map((row) => row.changes)).toEqual([
      {
        maxHeldSharePercent: { before: null, after: 50 },
        maxHeldSeatsPerTrip: { before: null, after: 5 },
        maxLiveHolds: { before: null, after: 6 },
        maxHoldMinutes: { before: null, after: 10 },
      },
    ]);

    // OCTO says it: one reservation takes at most 5 (the lower of 5 seats and 50 % of 12).
    const trip = await tripAt(0);
    expect(await maxUnitsFor(trusted.key)).toBe(5);
    expect(await maxUnitsFor(other.key)).toBe(8);

    // 20 reservations at once on one trip: exactly 5 held; the other reseller still holds its 8.
    const answers = await Promise.all(Array.from({ length: 20 }, () => reserve(trusted.key, trip.id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.find((a) => a.statusCode !== 200)!.json()).toEqual({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage:
        'A reseller can hold at most 5 seats of this trip unconfirmed (this key holds 5): confirm or cancel a reservation first.',
    });
    const trip2 = await tripAt(24);
    const others = await Promise.all(Array.from({ length: 10 }, () => reserve(other.key, trip2.id)));
    expect(others.filter((a) => a.statusCode === 200)).toHaveLength(8);

    // Its longest hold: 10 minutes, however long it asks.
    const trip3 = await tripAt(48);
    const held = zBooking.parse((await reserve(trusted.key, trip3.id, { expirationMinutes: 60 })).json());
    expect(Date.parse(held.utcExpiresAt!)).toBe(NOW.getTime() + 10 * MINUTE);

    // Six reservations at once (the 5 and this one): the next is refused.
    const fourth = await reserve(trusted.key, (await tripAt(72)).id);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json<{ errorMessage: string }>().errorMessage).toBe(
      'This API key holds 6 unconfirmed reservations, the most it may: confirm or cancel some first.',
    );
  });

  it('takes at most its seats per reservation in one reservation, and holds several such', async () => {
    const set = await setLimits(other.resellerId, {
      maxHeldSharePercent: 100,
      maxHeldSeatsPerTrip: 12,
      maxSeatsPerReservation: 3,
      maxLiveHolds: null,
      maxHoldMinutes: null,
    });
    expect(set.statusCode, set.body).toBe(200);
    const trip = await tripAt(96);
    const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: 'adult' }));
    const headers = { authorization: `Bearer ${other.key}` };
    // OCTO says it, on the option and on each trip.
    expect(await maxUnitsFor(other.key)).toBe(3);
    const found = await t.app.inject({
      method: 'POST',
      url: '/octo/availability',
      headers,
      payload: { productId: boat.id, optionId: 'DEFAULT', availabilityIds: [trip.id] },
    });
    expect(found.json()).toMatchObject([{ vacancies: 12, maxUnits: 3 }]);
    const tooMany = {
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage:
        'One reservation can take at most 3 seats of this trip (its maxUnits): split the party into several reservations.',
    };
    const four = await reserve(other.key, trip.id, { unitItems: adults(4) });
    expect(four.statusCode).toBe(400);
    expect(four.json()).toEqual(tooMany);
    const held = [];
    for (let i = 0; i < 2; i++)
      held.push(zBooking.parse((await reserve(other.key, trip.id, { unitItems: adults(3) })).json()));
    // Nor can a reservation grow past it, by PATCH or at its confirmation.
    for (const [method, url] of [
      ['PATCH', `/octo/bookings/${held[0]!.uuid}`],
      ['POST', `/octo/bookings/${held[0]!.uuid}/confirm`],
    ] as const) {
      const grown = await t.app.inject({
        method,
        url,
        headers,
        payload: { unitItems: adults(4), contact: { fullName: 'Ana Pérez' } },
      });
      expect(grown.statusCode, url).toBe(400);
      expect(grown.json()).toEqual(tooMany);
    }
    // Four reservations of three hold the whole trip; one may still change its units in its own seats.
    for (let i = 0; i < 2; i++)
      held.push(zBooking.parse((await reserve(other.key, trip.id, { unitItems: adults(3) })).json()));
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/octo/bookings/${held[3]!.uuid}`,
      headers,
      payload: { unitItems: [...adults(2), { unitId: 'child' }] },
    });
    expect(zBooking.parse(changed.json()).unitItems.map((item) => item.unitId)).toEqual([
      'adult',
      'adult',
      'child',
    ]);
    expect(held.map((booking) => [booking.status, booking.unitItems.length])).toEqual([
      ['ON_HOLD', 3],
      ['ON_HOLD', 3],
      ['ON_HOLD', 3],
      ['ON_HOLD', 3],
    ]);
  });

  it('follows the server’s settings again when the admin clears its limits', async () => {
    const cleared = await setLimits(trusted.resellerId, {
      maxHeldSharePercent: null,
      maxHeldSeatsPerTrip: null,
      maxSeatsPerReservation: null,
      maxLiveHolds: null,
      maxHoldMinutes: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await maxUnitsFor(trusted.key)).toBe(8);
  });
});
