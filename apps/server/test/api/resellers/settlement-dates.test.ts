// A reseller's settlement is dated by the day the money was received (receivedOn, a Canary date):
// entered on 2 November for a transfer received on 30 October, it counts in October's statement
// and its CSV line, and November opens on that balance; today when not given; a day after today,
// before the reseller existed, or not a date is a 400 naming receivedOn (docs/channels.md#settlement-dates).
import type { ResellerStatement } from '@boats/domain/schemas/resellers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resellerSettlements } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { newReseller } from '../../helpers/reseller-fixture';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';

// Winter time in the Canaries (UTC+0) from 25 October 2026.
const CREATED = new Date('2026-09-10T09:00:00Z');
const SOLD = new Date('2026-10-15T09:00:00Z');
const ENTERED = new Date('2026-11-02T09:00:00Z');

describe('the day a reseller’s settlement was received', async () => {
  const t = await buildTestApp({ template: 'empty', now: CREATED });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12 });
  // 3 hours at €20 a seat-hour: an adult's seat is €60, €48 net of a 20 % commission.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date('2026-10-20T11:00:00Z'),
    hours: 3,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const { resellerId, key } = await newReseller(t, admin);
  const octo = (url: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
  t.setNow(SOLD);
  const held = await octo('/bookings', {
    productId: boat.id,
    optionId: 'DEFAULT',
    availabilityId: trip.id,
    unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }],
  });
  const sold = await octo(`/bookings/${held.json<{ uuid: string }>().uuid}/confirm`, {
    contact: { fullName: 'Emma Schulz' },
  });
  expect(sold.statusCode, sold.body).toBe(200);
  t.setNow(ENTERED);
  // Signed in on the day of entry: a token of September has expired.
  const accountant = bearer(await tokenFor(t, 'admin'));

  const settle = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/settlements`,
      headers: accountant,
      payload,
    });
  const statement = async (month: string) => {
    const res = await t.app.inject({
      url: `/api/admin/resellers/${resellerId}/statement?month=${month}`,
      headers: accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ResellerStatement>();
  };

  it('refuses a day after today, before the reseller existed, or not a day, naming receivedOn', async () => {
    for (const receivedOn of ['2026-11-03', '2026-09-09', '2026-10-32']) {
      const res = await settle({ amount: 10, receivedOn });
      expect(res.statusCode, receivedOn).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ path: 'body.receivedOn' }] });
    }
    expect(await db.select().from(resellerSettlements)).toEqual([]);
  });

  it('counts a transfer received on 30 October and entered on 2 November in October', async () => {
    const res = await settle({ amount: 50, note: 'bank transfer', receivedOn: '2026-10-30' });
    expect(res.statusCode, res.body).toBe(200);
    const october = await statement('2026-10');
    expect(october.lines.map((l) => [l.kind, l.receivedOn, l.amount])).toEqual([
      ['sale', null, 96],
      ['settlement', '2026-10-30', -50],
    ]);
    expect(october.totals).toMatchObject({ opening: 0, net: 96, settled: 50, closing: 46 });
    const november = await statement('2026-11');
    expect(november.lines).toEqual([]);
    expect(november.totals).toMatchObject({ opening: 46, settled: 0, closing: 46 });
  });

  it('dates a settlement today when no day is given', async () => {
    const res = await settle({ amount: 6 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db
      .select()
      .from(resellerSettlements)
      .where(eq(resellerSettlements.id, res.json<{ settlementId: string }>().settlementId));
    expect(row?.receivedOn).toBe('2026-11-02');
    expect((await statement('2026-11')).totals).toMatchObject({ opening: 46, settled: 6, closing: 40 });
  });
});
