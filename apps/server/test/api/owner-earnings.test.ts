// Owners' earnings derived from the ledger (docs/payments.md#from-a-card-to-an-owners-bank): a
// completed trip earns its owner the split of what the booking kept, at the rate it was sold at;
// a refund after the trip is a negative line; the lines of a booking add up to one split.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownerEarningLines } from '../../src/db/schema';
import { syncCompletedEarnings } from '../../src/modules/earnings/earnings';
import { completeEndedTrips } from '../../src/modules/jobs/trip-completion';
import { newOwner, tokenFor } from '../helpers/admin-token';
import {
  buyAndConfirm,
  checkoutTestApp,
  createBoat,
  createSharedTrip,
  sharedRequest,
} from './checkout-fixtures';

describe('an owner’s earnings', () => {
  it('a completed trip earns the split of the money kept; a refund after it is a negative line', async () => {
    const { t, db } = await checkoutTestApp();
    const ownerId = await newOwner(t, { commissionBps: 1250 });
    const boat = await createBoat(db, { ownerId });
    const trip = await createSharedTrip(db, boat.id, new Date('2027-06-20T09:00:00Z'));
    // €75 (an adult and a child for two hours) at 12.5 %.
    const sale = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 1, kidsFree: 0 }),
    );
    const linesOf = () =>
      db
        .select()
        .from(ownerEarningLines)
        .where(eq(ownerEarningLines.bookingId, sale.bookingId))
        .orderBy(asc(ownerEarningLines.createdAt));

    expect(await completeEndedTrips(t.ctx)).toBe(0);
    expect(await linesOf()).toEqual([]);

    t.setNow(new Date('2027-06-20T12:00:00Z'));
    expect(await completeEndedTrips(t.ctx)).toBe(1);
    // €9.375 rounds half up once to €9.38; payable three days after the trip ended (11:00 UTC).
    expect(await linesOf()).toMatchObject([
      {
        ownerId,
        kind: 'trip',
        netCents: 7500,
        feeCents: 938,
        ownerCents: 6562,
        commissionBps: 1250,
        payableAt: new Date('2027-06-23T11:00:00Z'),
      },
    ]);

    // The operator's goodwill after the trip: €10.01 back; the booking stays completed.
    t.setNow(new Date('2027-06-21T08:00:00Z'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${sale.bookingId}/refund`,
      headers: { authorization: `Bearer ${await tokenFor(t)}` },
      payload: { amount: 10.01, reason: 'Goodwill: the sea was rough' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', platformFee: 8.12, ownerAmount: 56.87 });
    const lines = await linesOf();
    // €64.99 kept: the fee of the whole booking is €8.12 (8.12375 rounded once), so the new line
    // takes back €1.26 of fee and €8.75 of the owner's share, payable at once.
    expect(lines[1]).toMatchObject({
      kind: 'adjustment',
      netCents: -1001,
      feeCents: -126,
      ownerCents: -875,
      payableAt: new Date('2027-06-21T08:00:00Z'),
    });
    const sum = (key: 'netCents' | 'feeCents' | 'ownerCents') => lines.reduce((n, l) => n + l[key], 0);
    expect([sum('netCents'), sum('feeCents'), sum('ownerCents')]).toEqual([6499, 812, 5687]);

    // The repair pass finds nothing to add: the lines already say what the ledger says.
    expect(await syncCompletedEarnings(t.ctx)).toBe(0);
    expect(await linesOf()).toHaveLength(2);
  }, 120_000);
});
