// Owners as a party (docs/back-office.md#owners): the demo marketplace, and the money split of
// a sale at the owner's rate when the customer bought, whatever the rate becomes later.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
import { boats, bookings, owners } from '../../../src/db/schema';
import { DEMO_OWNER_PASSWORD, DEMO_OWNERS } from '../../../src/seed/demo-fleet';
import { newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  checkoutTestApp,
  createBoat,
  createSharedTrip,
  sharedRequest,
} from '../../helpers/checkout-fixtures';

describe('the demo marketplace', async () => {
  const t = await buildTestApp({ template: 'demo' });
  const db = t.ctx.db;

  it('has the platform and three partner owners, each with boats and bookings in every status', async () => {
    const rows = await db.select().from(owners);
    expect(rows.filter((o) => o.isPlatform)).toHaveLength(1);
    expect(rows.filter((o) => !o.isPlatform).length).toBeGreaterThanOrEqual(3);
    // A request waits only on a request-to-book boat: the demo has one, of one owner.
    const instantStatuses = BOOKING_STATUSES.filter((s) => s !== 'requested');
    let requests = 0;
    for (const owner of rows) {
      const statuses = await db
        .selectDistinct({ status: bookings.status })
        .from(bookings)
        .innerJoin(boats, eq(boats.id, bookings.boatId))
        .where(eq(boats.ownerId, owner.id));
      const seeded = instantStatuses.filter((s) => statuses.some((r) => r.status === s));
      expect(seeded, owner.displayName).toEqual(instantStatuses);
      if (statuses.some((r) => r.status === 'requested')) requests += 1;
    }
    expect(requests).toBe(1);
  });

  it('sells every demo booking at its owner’s rate', async () => {
    const rows = await db
      .select({ booking: bookings, rate: owners.commissionBps })
      .from(bookings)
      .innerJoin(boats, eq(boats.id, bookings.boatId))
      .innerJoin(owners, eq(owners.id, boats.ownerId));
    const marlin = DEMO_OWNERS.find((o) => o.key === 'marlin')!;
    expect(rows.some((r) => r.rate === marlin.commissionBps && r.booking.commissionBps === 1200)).toBe(true);
    for (const { booking, rate } of rows) {
      expect(booking.commissionBps).toBe(rate ?? 1500);
    }
  });

  it('signs each demo owner in as an owner with the published demo password', async () => {
    for (const owner of DEMO_OWNERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/auth',
        payload: { email: owner.account, password: DEMO_OWNER_PASSWORD, remember: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ user: { email: owner.account, role: 'owner' } });
    }
  });
});

/** The split the back office shows of a booking: derived from its ledger at its rate. */
async function adminSplit(t: TestApp, bookingId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/bookings/${bookingId}`,
    headers: { authorization: `Bearer ${await tokenFor(t)}` },
  });
  const { platformFee, ownerAmount } = res.json<{ platformFee: number; ownerAmount: number }>();
  return { platformFee, ownerAmount };
}

describe('the fee of a sale', () => {
  it('is taken at the owner’s rate when the customer bought, and stays when the rate changes', async () => {
    const { t, db } = await checkoutTestApp();
    const ownerId = await newOwner(t, { commissionBps: 1000 });
    const boat = await createBoat(db, { ownerId });
    const trip = await createSharedTrip(db, boat.id, new Date('2027-06-20T09:00:00Z'));
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }),
    );

    await db.update(owners).set({ commissionBps: 2500 }).where(eq(owners.id, ownerId));
    const [row] = await db.select().from(bookings).where(eq(bookings.id, sale.bookingId));
    expect(row).toMatchObject({ status: 'paid', amountGrossCents: 10000, commissionBps: 1000 });
    expect(await adminSplit(t, sale.bookingId)).toEqual({ platformFee: 10, ownerAmount: 90 });
  });

  it('follows PLATFORM_FEE_PERCENT for an owner without a rate of their own', async () => {
    const { t, db } = await checkoutTestApp({ PLATFORM_FEE_PERCENT: '12.5' });
    const boat = await createBoat(db, { ownerId: await newOwner(t) });
    const trip = await createSharedTrip(db, boat.id, new Date('2027-06-20T09:00:00Z'));
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 1, kidsFree: 0 }),
    );
    const [row] = await db.select().from(bookings).where(eq(bookings.id, sale.bookingId));
    // €75 at 12.5 %: €9.375 rounds half up once to €9.38.
    expect(row).toMatchObject({ amountGrossCents: 7500, commissionBps: 1250 });
    expect(await adminSplit(t, sale.bookingId)).toEqual({ platformFee: 9.38, ownerAmount: 65.62 });
  });
});
