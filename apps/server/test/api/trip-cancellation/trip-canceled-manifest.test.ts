// A canceled trip keeps its people (issue 31.4): its manifest lists every customer with what
// became of them (awaiting a choice until their deadline, moved to another trip, refunded) and
// the totals, and the bookings list says "awaiting choice until…" instead of offering a refund.
import { describe, expect, it } from 'vitest';
import { canaryInstant } from '@boats/domain/canary-time';
import {
  checkinResponseSchema,
  manifestResponseSchema,
  tripsResponseSchema,
} from '@boats/domain/schemas/trips';
import { bookingsPageSchema } from '@boats/domain/schemas/booking';
import { tripCancelReportSchema } from '@boats/domain/schemas/trip-cancellation';
import { customerToken } from '../../helpers/manage-token';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { addBooking, addSandboxPayment } from '../admin-bookings/admin-bookings.fixtures';
import { createBoat, createPrivateRun, createSlot } from '../../helpers/checkout-fixtures';
import { buyCharter, buySeats } from '../../helpers/operator-fixtures';

// Wednesday 24 November 2027, 07:00 in the Canaries (winter time: UTC).
const WEDNESDAY = new Date('2027-11-24T07:00:00Z');

describe('the manifest of a canceled trip', async () => {
  const t = await buildTestApp({ template: 'empty', now: WEDNESDAY });
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(t.ctx.db, { capacity: 12 });
  const trip = (day: string, seatsTaken: number) =>
    createSlot(t.ctx.db, boat.id, {
      type: 'shared',
      start: canaryInstant(day, '10:00'),
      hours: 3,
      seatsTotal: 12,
      seatsTaken,
      seatPriceCents: 2000,
    });
  const saturday = await trip('2027-11-27', 0);
  const thursday = await trip('2027-11-25', 8);
  const customer = (name: string) => ({
    name,
    email: `${name.toLowerCase()}@example.com`,
    phone: '+34600100100',
  });
  const couple = await buySeats(t, boat.id, saturday, { adults: 2 }, customer('Couple'));
  const four = await buySeats(t, boat.id, saturday, { adults: 4 }, customer('Four'));
  const six = await buySeats(t, boat.id, saturday, { adults: 6 }, customer('Six'));

  /** The operator cancels a trip for the swell, answered 200. */
  const cancelTrip = async (slotId: string, offer: 'choice' | 'refund') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${slotId}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Swell of 4 metres', offer },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await cancelTrip(saturday.id, 'choice');
  // The couple moves to Thursday.
  const token = await customerToken(t.ctx, couple.bookingId);
  const moved = await t.app.inject({
    method: 'POST',
    url: `/api/bookings/${couple.bookingId}/trip-change`,
    payload: { token, choice: 'move', slotId: thursday.id },
  });
  expect(moved.statusCode, moved.body).toBe(200);

  it('lists every customer with their state and the totals, not "nobody booked"', async () => {
    const res = await t.app.inject({ url: `/api/crew/trips/${saturday.id}/manifest`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const manifest = manifestResponseSchema.parse(res.json());
    expect(manifest.trip.state).toBe('canceled');
    const byName = new Map(manifest.cancellation?.customers.map((c) => [c.customerName, c] as const));
    expect(byName.get('Couple')).toMatchObject({
      state: 'moved',
      movedTo: thursday.startsAt.toISOString(),
      people: 2,
      paid: 120,
    });
    expect(byName.get('Four')).toMatchObject({
      state: 'offered',
      deadline: '2027-11-24T19:00:00.000Z',
      people: 4,
    });
    // Nothing had room for six: refunded at once, and when.
    expect(byName.get('Six')).toMatchObject({
      state: 'refunded',
      refundedAt: WEDNESDAY.toISOString(),
      people: 6,
    });
    expect(manifest.cancellation).toMatchObject({
      cause: 'weather',
      totals: { customers: 3, people: 12, paid: 720, waiting: 1, moved: 1, refunded: 1 },
    });
  });

  it('says in the bookings list who is still choosing, and offers no refund by hand for them', async () => {
    const res = await t.app.inject({ url: '/checkout/bookings?status=canceled', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = bookingsPageSchema.parse(res.json());
    const byId = new Map(page.items.map((b) => [b._id, b] as const));
    expect(byId.get(four.bookingId)?.choiceDeadline).toBe('2027-11-24T19:00:00.000Z');
    expect(byId.has(six.bookingId)).toBe(false); // refunded, not canceled
  });

  it('tells the day list how many bookings a canceled trip had, so crew can fold the empty ones', async () => {
    const empty = await createSlot(t.ctx.db, boat.id, {
      type: 'shared',
      start: canaryInstant('2027-11-27', '15:00'),
      hours: 2,
      seatsTotal: 12,
      seatsTaken: 0,
      seatPriceCents: 2000,
    });
    await cancelTrip(empty.id, 'choice');
    const res = await t.app.inject({ url: '/api/crew/trips?date=2027-11-27', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(tripsResponseSchema.parse(res.json()).items.map((x) => [x.slotId, x] as const));
    expect(byId.get(saturday.id)).toMatchObject({ state: 'canceled', canceledBookings: 3 });
    expect(byId.get(empty.id)).toMatchObject({ state: 'canceled', canceledBookings: 0 });
  });

  it('reads each refund from the ledger: refused by the provider, then refunded once given back by hand', async () => {
    // No payment at the sandbox behind it: the provider refuses the cancellation's refund.
    const { booking, slot } = await addBooking(t.ctx.db, boat, {
      status: 'paid',
      type: 'shared',
      start: canaryInstant('2027-11-28', '10:00'),
      seats: 2,
      receivedCents: 5_000,
      name: 'Refused',
    });
    await cancelTrip(slot.id, 'refund');
    const report = async () => {
      const res = await t.app.inject({ url: `/api/admin/trips/${slot.id}/cancellation`, headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      return tripCancelReportSchema.parse(res.json());
    };
    const refused = await report();
    expect(refused.bookings).toMatchObject([{ customerName: 'Refused', paid: 50, state: 'refund_failed' }]);
    expect(refused.totals).toMatchObject({ canceled: 1, refunded: 0, failed: 1, waiting: 0 });

    // The provider can now refund it: the operator does, from the bookings list.
    await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, 5_000);
    const byHand = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      headers: admin,
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const refunded = await report();
    expect(refunded.bookings).toMatchObject([{ customerName: 'Refused', paid: 50, state: 'refunded' }]);
    expect(refunded.totals).toMatchObject({ canceled: 1, refunded: 1, failed: 0, waiting: 0 });
  });

  it('answers a moved customer’s old ticket with where they went, and boards their new one', async () => {
    const crew = bearer(await tokenFor(t, 'crew'));
    const scan = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/crew/checkin', headers: crew, payload: { code } });
    const old = await scan(couple.codes[0]!.toLowerCase().replaceAll('-', ''));
    expect(old.statusCode, old.body).toBe(200);
    expect(checkinResponseSchema.parse(old.json())).toMatchObject({
      result: 'replaced',
      booking: { customerName: 'Couple', start: thursday.startsAt.toISOString() },
    });
    const manifest = manifestResponseSchema.parse(
      (await t.app.inject({ url: `/api/crew/trips/${thursday.id}/manifest`, headers: admin })).json(),
    );
    const fresh = manifest.bookings.find((b) => b.customerName === 'Couple')?.tickets[0]?.code;
    expect(fresh).toBeDefined();
    expect(couple.codes).not.toContain(fresh);
    expect(checkinResponseSchema.parse((await scan(fresh!)).json()).result).toBe('not_today');
    expect((await scan('TF-0000-0000-00')).statusCode).toBe(404);
    // Another owner's crew learns nothing from the old code.
    const otherCrew = bearer(await tokenFor(t, 'crew', { ownerId: await newOwner(t) }));
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/crew/checkin',
      headers: otherCrew,
      payload: { code: couple.codes[0] },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('a canceled charter of two hours (issue 58)', async () => {
  const t = await buildTestApp({ template: 'empty', now: WEDNESDAY });
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(t.ctx.db, { minDurationHours: 2 });
  const run = await createPrivateRun(t.ctx.db, boat.id, canaryInstant('2027-11-27', '13:00'), 2);
  await buyCharter(t, boat, run[0]!, 2, {
    name: 'Charter',
    email: 'charter@example.com',
    phone: '+34600100100',
  });

  it('keeps its 13:00–15:00 on the manifest and the day’s list once canceled, not its first hour', async () => {
    const before = manifestResponseSchema.parse(
      (await t.app.inject({ url: `/api/crew/trips/${run[0]!.id}/manifest`, headers: admin })).json(),
    );
    const span = {
      start: canaryInstant('2027-11-27', '13:00').toISOString(),
      end: canaryInstant('2027-11-27', '15:00').toISOString(),
    };
    expect(before.trip).toMatchObject(span);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${run[0]!.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Swell of 4 metres', offer: 'refund' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = manifestResponseSchema.parse(
      (await t.app.inject({ url: `/api/crew/trips/${run[0]!.id}/manifest`, headers: admin })).json(),
    );
    expect(after.trip).toMatchObject({ ...span, state: 'canceled' });
    const day = tripsResponseSchema.parse(
      (await t.app.inject({ url: '/api/crew/trips?date=2027-11-27', headers: admin })).json(),
    );
    expect(day.items.find((x) => x.slotId === run[0]!.id)).toMatchObject(span);
  });
});
