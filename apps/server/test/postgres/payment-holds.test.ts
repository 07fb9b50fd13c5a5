// Holds under real concurrency (PostgreSQL, parallel connections): the database decides who
// gets the last seats and the charter hours, never a read-then-write in application code.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, bookingSlots } from '../../src/db/schema';
import { buildTestApp } from '../helpers/test-app';
import {
  charterRequest,
  createBoat,
  createPrivateRun,
  createSlot,
  HOUR,
  sharedRequest,
} from '../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');

describe('payment-intent holds under concurrency (PostgreSQL)', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW, env: { MAX_LIVE_HOLDS_PER_IP: '1000' } });
  const db = t.ctx.db;
  const boat = await createBoat(db, { capacity: 30, minDurationHours: 1, maxDurationHours: 8 });

  it('200 simultaneous requests for the last 5 seats: exactly 5 held, every other one a clear 409', async () => {
    const trip = await createSlot(db, boat.id, {
      type: 'shared',
      start: DAY,
      hours: 2,
      seatsTotal: 25,
      seatsTaken: 20,
      seatPriceCents: 2500,
    });
    const body = sharedRequest(boat.id, trip, { adults: 1, children50: 0, kidsFree: 0 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({ method: 'POST', url: '/api/boat/payment-intent', payload: body }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(195);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toMatch(/sold out|seats? left/);
    }
    const [held] = await db
      .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.slotId, trip.id), eq(bookings.status, 'pending')));
    expect(held?.seats).toBe(5);
  });

  it('two customers racing for the same charter hours: exactly one hold, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const run = await createPrivateRun(db, boat.id, new Date(DAY.getTime() + (round + 1) * 24 * HOUR), 4);
      // Same start, and an overlapping chain one hour later: both must not coexist.
      const [a, b] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/boat/payment-intent',
          payload: charterRequest(boat, run[0]!, 3),
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/boat/payment-intent',
          payload: charterRequest(boat, run[1]!, 3),
        }),
      ]);
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
      const loser = a!.statusCode === 409 ? a! : b!;
      expect(loser.json()).toMatchObject({ error: 'slots_unavailable' });
      for (const slot of run) {
        const live = await db
          .select()
          .from(bookingSlots)
          .where(and(eq(bookingSlots.slotId, slot.id), eq(bookingSlots.active, true)));
        expect(live.length).toBeLessThanOrEqual(1);
      }
    }
  });
});
