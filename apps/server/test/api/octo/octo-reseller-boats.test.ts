// Which boats a reseller sells (docs/channels.md#which-boats-a-reseller-sells): the admin's list
// for the reseller, or every boat whose owner opts in; OCTO answers only the boats both allow, any
// other is OCTO's INVALID_PRODUCT_ID (parsed by @octocloud/types) for its product, its
// availability and a reservation; a boat taken off stops selling at once, the reservations
// already made stay valid.
import { zErrorInvalidProductId } from '@octocloud/types';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/db/schema';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-02-10T10:00:00Z');
const TRIP = new Date('2027-02-13T11:00:00Z');

describe('which boats a reseller may sell', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const ownerId = await newOwner(t, { displayName: 'Marina Flores' });
  const dolphin = await createBoat(db, { ownerId, title: { en: 'Dolphin Star' } });
  const marlin = await createBoat(db, { title: { en: 'Marlin Blue' } });
  const optedOut = await createBoat(db, { ownerId, title: { en: 'Quiet Cove' }, resellersAllowed: false });
  const tripOf = (boatId: string) =>
    createSlot(db, boatId, { type: 'shared', start: TRIP, hours: 3, seatsTotal: 10, seatPriceCents: 2000 });
  const dolphinTrip = await tripOf(dolphin.id);
  const marlinTrip = await tripOf(marlin.id);

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/resellers',
    headers: admin,
    payload: {
      name: 'Klook',
      contactName: 'Partner Desk',
      contactEmail: 'desk@klook.example',
      commissionPercent: 20,
      cancellation: 'boat_policy',
    },
  });
  const resellerId = created.json<{ reseller: { _id: string } }>().reseller._id;
  const key = (
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/keys`,
      headers: admin,
      payload: { label: 'Production' },
    })
  ).json<{ secret: string }>().secret;
  const octo = (method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${key}` },
      ...(body ? { payload: body } : {}),
    });
  const products = async () =>
    (await octo('GET', '/products'))
      .json<{ id: string }[]>()
      .map((p) => p.id)
      .sort();
  const choose = (allOptedIn: boolean, boatIds: string[]) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/resellers/${resellerId}/boats`,
      headers: admin,
      payload: { allOptedIn, boatIds },
    });
  const reserve = (productId: string, availabilityId: string) =>
    octo('POST', '/bookings', {
      productId,
      optionId: 'DEFAULT',
      availabilityId,
      unitItems: [{ unitId: 'adult' }],
    });
  // Every way a reseller reaches a boat answers OCTO's INVALID_PRODUCT_ID naming it.
  async function expectNotSold(boatId: string, tripId: string) {
    const answers = [
      await octo('GET', `/products/${boatId}`),
      await octo('POST', '/availability', {
        productId: boatId,
        optionId: 'DEFAULT',
        availabilityIds: [tripId],
      }),
      await octo('POST', '/availability/calendar', {
        productId: boatId,
        optionId: 'DEFAULT',
        localDateStart: '2027-02-13',
        localDateEnd: '2027-02-13',
      }),
      await reserve(boatId, tripId),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(zErrorInvalidProductId.parse(answer.json())).toMatchObject({
        error: 'INVALID_PRODUCT_ID',
        productId: boatId,
      });
    }
  }

  it('a new reseller sells nothing until the admin picks its boats', async () => {
    expect(created.json()).toMatchObject({ reseller: { boats: { allOptedIn: false, boatIds: [] } } });
    expect(await products()).toEqual([]);
    await expectNotSold(dolphin.id, dolphinTrip.id);
  });

  it('lists the boats to pick from with their owners, the opted-out one marked', async () => {
    const res = await t.app.inject({ url: '/api/admin/resellers/boats', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { _id: string }[] }>().items;
    expect(items.find((b) => b._id === optedOut.id)).toEqual({
      _id: optedOut.id,
      title: 'Quiet Cove',
      ownerName: 'Marina Flores',
      resellersAllowed: false,
      onPublicSite: true,
    });
    expect(items.find((b) => b._id === dolphin.id)).toMatchObject({
      ownerName: 'Marina Flores',
      resellersAllowed: true,
    });
  });

  it('answers only the listed boats; a boat taken off stops selling, its reservations stay valid', async () => {
    const set = await choose(false, [dolphin.id]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ reseller: { boats: { allOptedIn: false, boatIds: [dolphin.id] } } });
    expect(await products()).toEqual([dolphin.id]);
    await expectNotSold(marlin.id, marlinTrip.id);

    const held = await reserve(dolphin.id, dolphinTrip.id);
    expect(held.statusCode, held.body).toBe(200);
    const { uuid } = held.json<{ uuid: string }>();

    expect((await choose(false, [])).statusCode).toBe(200);
    expect(await products()).toEqual([]);
    await expectNotSold(dolphin.id, dolphinTrip.id);
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, {
      contact: { fullName: 'Emma Schulz' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED', productId: dolphin.id });

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reseller.boats'), eq(auditLog.objectId, resellerId)));
    expect(audit.map((row) => row.changes)).toEqual([
      { boatIds: { before: [], after: [dolphin.id] } },
      { boatIds: { before: [dolphin.id], after: [] } },
    ]);
  });

  it('"all opted-in boats" sells every boat its owner opts in, and none the owner opts out', async () => {
    expect((await choose(true, [])).statusCode).toBe(200);
    expect(await products()).toEqual([dolphin.id, marlin.id].sort());
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${marlin.id}/resellers`,
      headers: admin,
      payload: { resellersAllowed: false },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await products()).toEqual([dolphin.id]);
    await expectNotSold(marlin.id, marlinTrip.id);
  });

  it('refuses a boat its owner opted out of, and one that does not exist, naming boatIds', async () => {
    const refused = await choose(false, [optedOut.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'boat_not_for_resellers',
      fields: [{ path: 'body.boatIds' }],
    });
    const unknown = await choose(false, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'unknown_boat', fields: [{ path: 'body.boatIds' }] });
    const onCreate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/resellers',
      headers: admin,
      payload: {
        name: 'Peek',
        contactName: 'Desk',
        contactEmail: 'desk@peek.example',
        commissionPercent: 15,
        cancellation: 'boat_policy',
        boats: { allOptedIn: false, boatIds: [optedOut.id] },
      },
    });
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toMatchObject({ fields: [{ path: 'body.boats.boatIds' }] });
  });
});
