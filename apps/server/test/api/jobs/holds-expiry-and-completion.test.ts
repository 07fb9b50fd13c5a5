import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingHistory, bookings, bookingSlots } from '../../../src/db/schema';
import { expireLapsedHolds } from '../../../src/modules/jobs/hold-expiry';
import { ledgerOf, paymentsOf } from '../../../src/modules/payments/ledger';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { buildTestApp } from '../../helpers/test-app';
import {
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  createSharedTrip,
  HOUR,
  payByCard,
  sharedRequest,
  startCheckout,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('background jobs: hold expiry sweep and trip completion', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db);

  it('cancels lapsed holds with reason expired, frees charter hours, and settles a hold that was paid after all', async () => {
    const trip = await createSharedTrip(db, boat.id, DAY, { seatsTotal: 8, seatPriceCents: 2000 });
    const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + 24 * HOUR), 2);
    const unpaid = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 3, children50: 0, kidsFree: 0 }),
    );
    const charter = await startCheckout(t.app, charterRequest(boat, run[0]!, 2));
    const paidButGone = await startCheckout(
      t.app,
      sharedRequest(boat.id, trip, { adults: 2, children50: 0, kidsFree: 0 }),
    );
    // This customer paid and closed the tab before the confirm call.
    await payByCard(t.app, paidButGone.clientSecret);

    expect(await expireLapsedHolds(t.ctx)).toEqual({ canceled: 0, settled: 0 });
    t.setNow(new Date(NOW.getTime() + 15 * 60_000));
    try {
      expect(await expireLapsedHolds(t.ctx)).toEqual({ canceled: 2, settled: 1 });
      const status = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0];
      expect(await status(unpaid.bookingId)).toMatchObject({
        status: 'canceled',
        cancelReason: 'hold_expired',
      });
      expect(await status(charter.bookingId)).toMatchObject({
        status: 'canceled',
        cancelReason: 'hold_expired',
      });
      expect(await status(paidButGone.bookingId)).toMatchObject({ status: 'paid' });
      const claims = await db
        .select()
        .from(bookingSlots)
        .where(eq(bookingSlots.bookingId, charter.bookingId));
      expect(claims.every((c) => !c.active)).toBe(true);
      const history = await db
        .select()
        .from(bookingHistory)
        .where(eq(bookingHistory.bookingId, unpaid.bookingId));
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'pending',
        toStatus: 'canceled',
        actor: 'system',
        code: 'hold_expired',
      });
      // The lapsed checkout can no longer be paid.
      const late = await payByCard(t.app, unpaid.clientSecret);
      expect(late.json()).toMatchObject({
        status: 'requires_payment_method',
        message: expect.stringContaining('run out'),
      });
      // The provider's intent of the lapsed hold is canceled and the ledger says so.
      expect((await ledgerOf(db, unpaid.bookingId)).receivedCents).toBe(0);
      const [unpaidPayment] = await paymentsOf(db, unpaid.bookingId);
      expect(unpaidPayment?.status).toBe('canceled');
      // A second run finds nothing left to do.
      expect(await expireLapsedHolds(t.ctx)).toEqual({ canceled: 0, settled: 0 });
    } finally {
      t.setNow(NOW);
    }
  });

  it('completes paid and confirmed bookings whose trip has ended, once, with history', async () => {
    const trip = await createSharedTrip(db, boat.id, new Date(DAY.getTime() + 72 * HOUR), {
      seatsTotal: 8,
      seatPriceCents: 2000,
    });
    const booking = await buyAndConfirm(
      t.app,
      sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 }),
    );

    // A minute before the end it is still a paid trip (earlier trips may complete meanwhile).
    t.setNow(new Date(trip.endsAt.getTime() - 60_000));
    await completeEndedTrips(t.ctx);
    const [before] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
    expect(before?.status).toBe('paid');
    t.setNow(new Date(trip.endsAt.getTime() + 60_000));
    try {
      expect(await completeEndedTrips(t.ctx)).toBeGreaterThanOrEqual(1);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
      expect(row?.status).toBe('completed');
      const history = await db
        .select()
        .from(bookingHistory)
        .where(eq(bookingHistory.bookingId, booking.bookingId));
      expect(history.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'completed', actor: 'system' });
      expect(await completeEndedTrips(t.ctx)).toBe(0);
    } finally {
      t.setNow(NOW);
    }
  });
});
