// A reseller's monthly statement: its sales on account, a cancellation's refund credited back, a
// settlement it paid, and its balance before and after the month, every sum equal to the
// ledger's rows (the `reseller` payments, their refunds, the settlements).
import { canaryDateKey } from '@boats/domain/canary-time';
import type { ResellerStatement } from '@boats/domain/schemas/resellers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, refunds, resellerSettlements } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { newReseller } from '../../helpers/reseller-fixture';
import { createBoat, createSlot } from '../../helpers/checkout-fixtures';

// The clock at the real minute: a refund is dated by the database's own clock.
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const DAY = 86_400_000;
const MONTH = canaryDateKey(NOW).slice(0, 7);

describe('a reseller’s monthly statement', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { title: { en: 'Dolphin Star' }, capacity: 12 });
  // 3 hours at €20 a seat-hour: an adult's seat is €60, €48 net of a 20 % commission.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date(NOW.getTime() + 3 * DAY),
    hours: 3,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const { resellerId, key } = await newReseller(t, admin, 'full_refund');
  const octo = (url: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/octo${url}`,
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
  const sell = async (adults: number, reference: string) => {
    const held = await octo('/bookings', {
      productId: boat.id,
      optionId: 'DEFAULT',
      availabilityId: trip.id,
      resellerReference: reference,
      unitItems: Array.from({ length: adults }, () => ({ unitId: 'adult' })),
    });
    const { uuid } = held.json<{ uuid: string }>();
    const sold = await octo(`/bookings/${uuid}/confirm`, { contact: { fullName: 'Emma Schulz' } });
    expect(sold.statusCode, sold.body).toBe(200);
    return uuid;
  };
  const statement = async (month = MONTH) => {
    const res = await t.app.inject({
      url: `/api/admin/resellers/${resellerId}/statement?month=${month}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ResellerStatement>();
  };
  const settle = (amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/resellers/${resellerId}/settlements`,
      headers: admin,
      payload: { amount, note: 'bank transfer' },
    });

  // Last month: one seat, still owed when this month begins.
  t.setNow(new Date(NOW.getTime() - 35 * DAY));
  await sell(1, 'V-LAST');
  t.setNow(NOW);
  await sell(1, 'V-1');
  const canceled = await sell(2, 'V-2');
  const cancel = await octo(`/bookings/${canceled}/cancel`, { reason: 'customer changed plans' });
  expect(cancel.statusCode, cancel.body).toBe(200);

  it('refuses a settlement above what the reseller owes, naming the amount', async () => {
    const res = await settle(1000);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('amount');
  });

  it('shows the month: sales, the cancellation, the settlement and the balance, equal to the ledger', async () => {
    const settled = await settle(50);
    expect(settled.statusCode, settled.body).toBe(200);
    const shown = await statement();
    expect(shown.totals).toEqual({
      opening: 48,
      sales: 2,
      retail: 180,
      commission: 36,
      net: 144,
      cancellations: 1,
      refunded: 96,
      onAccount: 48,
      settled: 50,
      closing: 46,
    });
    // Oldest first (a refund is dated by the database's clock, the test's by its own: sorted here).
    expect(shown.lines.map((l) => [l.kind, l.resellerReference, l.amount]).sort()).toEqual([
      ['cancellation', 'V-2', -96],
      ['sale', 'V-1', 48],
      ['sale', 'V-2', 96],
      ['settlement', null, -50],
    ]);
    expect(shown.lines.find((l) => l.kind === 'sale')).toMatchObject({
      retail: 60,
      commission: 12,
      boat: 'Dolphin Star',
    });
    // The ledger's own rows: the reseller's payments, less their refunds, less what it paid.
    const paid = await db.select().from(payments).where(eq(payments.method, 'reseller'));
    const back = await db.select().from(refunds);
    const [settlement] = await db.select().from(resellerSettlements);
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(shown.totals.opening + shown.totals.net)).toBe(paid.reduce((n, p) => n + p.amountCents, 0));
    expect(cents(shown.totals.refunded)).toBe(back.reduce((n, r) => n + r.amountCents, 0));
    expect(cents(shown.totals.settled)).toBe(settlement?.amountCents);
    expect(settled.json()).toMatchObject({ balance: shown.totals.closing });
    // Last month's statement closes where this one opens.
    const last = canaryDateKey(new Date(NOW.getTime() - 35 * DAY)).slice(0, 7);
    const before = await statement(last);
    expect(before.totals).toMatchObject({ opening: 0, sales: 1, net: 48, closing: 48 });
  });
});
