// Weather deadlines per customer (issue 31, item 3): a Saturday trip canceled on a Wednesday
// gives each customer until the latest closing time of the trips offered to them, at least the
// configured minimum (TRIP_CHANGE_MIN_HOURS) while a trip offered leaves that much, and the
// operator's preview says each deadline before confirming — the same the e-mails then carry.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canaryInstant } from '@boats/domain/canary-time';
import { tripChangeOffers } from '../../../src/db/schema';
import { customerToken } from '../../helpers/manage-token';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';
import { buySeats } from '../../helpers/operator-fixtures';

// Wednesday 24 November 2027, 07:00 in the Canaries (winter time: UTC).
const WEDNESDAY = new Date('2027-11-24T07:00:00Z');

type Preview = {
  minimumHours: number;
  customers: { bookingId: string; customerName: string; choiceDeadline: string | null; trips: number }[];
};

async function saturdayCanceledOnWednesday(minimumHours?: number) {
  const t = await buildTestApp({
    template: 'empty',
    now: WEDNESDAY,
    ...(minimumHours ? { env: { TRIP_CHANGE_MIN_HOURS: String(minimumHours) } } : {}),
  });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const boat = await createBoat(db, { capacity: 12 });
  const trip = (day: string, seatsTotal: number, seatsTaken = 0) =>
    createSlot(db, boat.id, {
      type: 'shared',
      start: canaryInstant(day, '10:00'),
      hours: 3,
      seatsTotal,
      seatsTaken,
      seatPriceCents: 2000,
    });
  const saturday = await trip('2027-11-27', 12);
  // Thursday has room for four, Sunday for two.
  const thursday = await trip('2027-11-25', 12, 8);
  const sunday = await trip('2027-11-28', 12, 10);
  const customer = (name: string) => ({
    name,
    email: `${name.toLowerCase()}@example.com`,
    phone: '+34600100100',
  });
  const couple = await buySeats(t, boat.id, saturday, { adults: 2 }, customer('Couple'));
  const four = await buySeats(t, boat.id, saturday, { adults: 4 }, customer('Four'));
  const six = await buySeats(t, boat.id, saturday, { adults: 6 }, customer('Six'));
  return { t, db, admin, saturday, thursday, sunday, couple, four, six };
}

const hoursAfter = (from: Date, iso: string | null | undefined) =>
  iso ? (Date.parse(iso) - from.getTime()) / HOUR : null;

describe('the time each customer of a canceled trip has to choose', () => {
  it('gives a Saturday trip canceled on a Wednesday each customer at least the minimum, said before confirming', async () => {
    const { t, db, admin, saturday, couple, four, six } = await saturdayCanceledOnWednesday();

    const preview = await t.app.inject({
      url: `/api/admin/trips/${saturday.id}/cancel/preview`,
      headers: admin,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const byName = new Map(preview.json<Preview>().customers.map((c) => [c.customerName, c] as const));
    expect(preview.json<Preview>().minimumHours).toBe(12);
    // The couple may go Thursday or Sunday: until Saturday 07:00 (72 h, Sunday's trip closes later).
    expect(byName.get('Couple')).toMatchObject({ trips: 2, choiceDeadline: '2027-11-27T07:00:00.000Z' });
    // The four fit only Thursday 10:00: a day before would be Wednesday 10:00, three hours away;
    // they get the minimum, until Wednesday 19:00.
    expect(byName.get('Four')).toMatchObject({ trips: 1, choiceDeadline: '2027-11-24T19:00:00.000Z' });
    // Nothing has room for six: refunded at once.
    expect(byName.get('Six')).toMatchObject({ trips: 0, choiceDeadline: null });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${saturday.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Swell of 4 metres', offer: 'choice' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ canceled: 3, refunded: 1 });

    // What was applied is what the preview said, and nobody offered a choice has under 12 hours.
    const offers = await db.select().from(tripChangeOffers).where(eq(tripChangeOffers.slotId, saturday.id));
    const deadlineOf = (bookingId: string) =>
      offers.find((o) => o.bookingId === bookingId)?.deadline.toISOString() ?? null;
    expect(deadlineOf(couple.bookingId)).toBe(byName.get('Couple')?.choiceDeadline);
    expect(deadlineOf(four.bookingId)).toBe(byName.get('Four')?.choiceDeadline);
    expect(deadlineOf(six.bookingId)).toBeNull();
    for (const offer of offers)
      expect(hoursAfter(WEDNESDAY, offer.deadline.toISOString())).toBeGreaterThanOrEqual(12);
  });

  it('follows a configured minimum, and closes each trip offered at its own time', async () => {
    const { t, admin, saturday, thursday, couple } = await saturdayCanceledOnWednesday(18);
    const preview = (
      await t.app.inject({ url: `/api/admin/trips/${saturday.id}/cancel/preview`, headers: admin })
    ).json<Preview>();
    expect(preview.minimumHours).toBe(18);
    expect(preview.customers.find((c) => c.customerName === 'Four')?.choiceDeadline).toBe(
      '2027-11-25T01:00:00.000Z',
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/trips/${saturday.id}/cancel`,
      headers: admin,
      payload: { reasonCode: 'swell', note: 'Swell of 4 metres', offer: 'choice' },
    });
    // The couple's link: Thursday closes Thursday 01:00, Sunday by their deadline.
    const token = await customerToken(t.ctx, couple.bookingId);
    const offer = await t.app.inject({ url: `/api/bookings/${couple.bookingId}/trip-change?token=${token}` });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json<{ deadline: string; options: { slotId: string; closesAt: string }[] }>()).toMatchObject(
      {
        deadline: '2027-11-27T07:00:00.000Z',
        options: [
          { slotId: thursday.id, closesAt: '2027-11-25T01:00:00.000Z' },
          { closesAt: '2027-11-27T07:00:00.000Z' },
        ],
      },
    );
    // After Thursday's closing time only Sunday is left to choose.
    t.setNow(new Date('2027-11-25T01:00:00Z'));
    const later = await t.app.inject({ url: `/api/bookings/${couple.bookingId}/trip-change?token=${token}` });
    t.setNow(WEDNESDAY);
    expect(later.json<{ options: { slotId: string }[] }>().options.map((o) => o.slotId)).not.toContain(
      thursday.id,
    );
  });
});
