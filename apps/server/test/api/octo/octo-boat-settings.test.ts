// A boat's settings for resellers: its owner opts it in or out (out, it is no product, and a
// reseller cannot read or reserve it: INVALID_PRODUCT_ID), and the admin records who gives up a
// reseller's commission, which the ledger's split follows: the worked example of
// docs/channels.md#money, €100 retail, 20 % commission, 15 % platform fee.
import { describe, expect, it } from 'vitest';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { newReseller } from '../../helpers/reseller-fixture';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-02-10T10:00:00Z');
const TRIP = new Date('2027-02-13T11:00:00Z');

describe('a boat’s settings for resellers', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const ownerId = await newOwner(t);
  const owner = bearer(await tokenFor(t, 'owner', { ownerId }));
  const ownBoat = await createBoat(db, { ownerId, title: { en: 'Marlin Blue' } });
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12 });
  // 5 hours at €20 a seat-hour: an adult's seat is €100.
  const trips = await Promise.all(
    [0, 1, 2].map((day) =>
      createSlot(db, boat.id, {
        type: 'shared',
        start: new Date(TRIP.getTime() + day * 86_400_000),
        hours: 5,
        seatsTotal: 10,
        seatPriceCents: 2000,
      }),
    ),
  );

  const { key } = await newReseller(t, admin);
  const octo = (method: 'GET' | 'POST', url: string, body?: object) =>
    t.app.inject({
      method,
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing' },
      ...(body ? { payload: body } : {}),
    });
  const products = async () => (await octo('GET', '/products')).json<{ id: string }[]>().map((p) => p.id);
  const setting = (id: string, headers: Record<string, string>, allowed: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${id}/resellers`,
      headers,
      payload: { resellersAllowed: allowed },
    });

  it('an owner opts a boat out: no product, nothing to read or reserve; back in, sold again', async () => {
    expect(await products()).toContain(boat.id);
    const out = await setting(boat.id, admin, false);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ boat: { resellersAllowed: false } });
    expect(await products()).not.toContain(boat.id);
    const invalid = { error: 'INVALID_PRODUCT_ID', productId: boat.id };
    expect((await octo('GET', `/products/${boat.id}`)).json()).toMatchObject(invalid);
    const ask = { productId: boat.id, optionId: 'DEFAULT' };
    expect(
      (await octo('POST', '/availability', { ...ask, availabilityIds: [trips[0]!.id] })).json(),
    ).toMatchObject(invalid);
    const reserve = await octo('POST', '/bookings', {
      ...ask,
      availabilityId: trips[0]!.id,
      unitItems: [{ unitId: 'adult' }],
    });
    expect(reserve.statusCode).toBe(400);
    expect(reserve.json()).toMatchObject(invalid);
    await setting(boat.id, admin, true);
    expect(await products()).toContain(boat.id);

    // The owner's own boat, by the owner; another's is not found; the bearer is the admin's.
    const own = await setting(ownBoat.id, owner, false);
    expect(own.json()).toMatchObject({
      boat: { resellersAllowed: false, resellerCommissionBearer: 'proportional' },
    });
    expect((await setting(boat.id, owner, false)).statusCode).toBe(404);
    const bearerByOwner = await t.app.inject({
      method: 'POST',
      url: `/api/admin/boats/${ownBoat.id}/reseller-commission`,
      headers: owner,
      payload: { resellerCommissionBearer: 'platform' },
    });
    expect(bearerByOwner.statusCode).toBe(403);
  });

  it.each([
    ['proportional', 0, 12, 68],
    ['owner', 1, 15, 65],
    ['platform', 2, 0, 80],
  ] as const)(
    'a €100 seat, a 20 percent commission, %s bearing it: the reseller owes €80, fee and share as docs/channels.md says',
    async (bearerOf, day, fee, share) => {
      const set = await t.app.inject({
        method: 'POST',
        url: `/api/admin/boats/${boat.id}/reseller-commission`,
        headers: admin,
        payload: { resellerCommissionBearer: bearerOf },
      });
      expect(set.statusCode, set.body).toBe(200);
      const held = await octo('POST', '/bookings', {
        productId: boat.id,
        optionId: 'DEFAULT',
        availabilityId: trips[day]!.id,
        unitItems: [{ unitId: 'adult' }],
      });
      expect(held.json()).toMatchObject({ pricing: { retail: 10_000, net: 8000 } });
      const { uuid, id } = held.json<{ uuid: string; id: string }>();
      const sold = await octo('POST', `/bookings/${uuid}/confirm`, { contact: { fullName: 'Emma Schulz' } });
      expect(sold.statusCode, sold.body).toBe(200);
      const details = await t.app.inject({ url: `/api/admin/bookings/${id}`, headers: admin });
      expect(details.json()).toMatchObject({ netReceived: 80, platformFee: fee, ownerAmount: share });
    },
  );
});
