// A shared trip's seats_taken is kept by the database (migration 0025): whatever writes a
// booking — a sale, a cancellation, a move to another trip, a change of seats, a row added or
// deleted — the count equals the seats the operator marked taken elsewhere plus the seats of
// the bookings that occupy the trip (the domain's OCCUPYING_STATUSES), checked after every
// write of random sequences.
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, OCCUPYING_STATUSES } from '@boats/domain/booking-status';
import { bookings, slots } from '../../../src/db/schema';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';

const DAY = new Date('2027-06-10T09:00:00Z');

const write = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    slot: fc.nat({ max: 1 }),
    status: fc.constantFrom(...BOOKING_STATUSES),
    seats: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    booking: fc.nat(),
    status: fc.constantFrom(...BOOKING_STATUSES),
  }),
  fc.record({ kind: fc.constant('move' as const), booking: fc.nat(), slot: fc.nat({ max: 1 }) }),
  fc.record({
    kind: fc.constant('seats' as const),
    booking: fc.nat(),
    seats: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), booking: fc.nat() }),
);

describe('seats_taken, kept by the database', async () => {
  const t = await buildTestApp({ template: 'empty', now: DAY });
  const db = t.ctx.db;

  it('counts exactly the statuses the domain says occupy a trip', async () => {
    const [row] = (
      (await db.execute(sql`select pg_get_functiondef('keep_seats_taken'::regproc) as body`)) as unknown as {
        rows: { body: string }[];
      }
    ).rows;
    const lists = [...row!.body.matchAll(/status IN \(([^)]*)\)/g)].map((m) =>
      m[1]!.split(',').map((s) => s.trim().replace(/'/g, '')),
    );
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(new Set(list)).toEqual(new Set(OCCUPYING_STATUSES));
  });

  it('equals the seats marked by hand plus those of the occupying bookings, after any write', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 3 }), fc.array(write, { maxLength: 12 }), async (byHand, writes) => {
        const boat = await createBoat(db);
        const trips = [
          await createSlot(db, boat.id, { type: 'shared', start: DAY, hours: 2, seatsTotal: 200 }),
          await createSlot(db, boat.id, {
            type: 'shared',
            start: new Date(DAY.getTime() + 3 * HOUR),
            hours: 2,
            seatsTotal: 200,
          }),
        ];
        const tripIds = trips.map((trip) => trip.id);
        await db.update(slots).set({ seatsTaken: byHand }).where(inArray(slots.id, tripIds));
        const ids: string[] = [];
        const pick = (n: number) => ids[n % ids.length];
        for (const w of writes) {
          if (w.kind === 'add') {
            const trip = trips[w.slot]!;
            const [row] = await db
              .insert(bookings)
              .values({
                boatId: boat.id,
                slotId: trip.id,
                type: 'shared',
                startsAt: trip.startsAt,
                endsAt: trip.endsAt,
                status: w.status,
                seats: w.seats,
                adults: w.seats,
                amountGrossCents: 1000,
              })
              .returning({ id: bookings.id });
            ids.push(row!.id);
            continue;
          }
          const id = pick(w.booking);
          if (!id) continue;
          if (w.kind === 'status')
            await db.update(bookings).set({ status: w.status }).where(eq(bookings.id, id));
          if (w.kind === 'move')
            await db.update(bookings).set({ slotId: tripIds[w.slot]! }).where(eq(bookings.id, id));
          if (w.kind === 'seats')
            await db.update(bookings).set({ seats: w.seats, adults: w.seats }).where(eq(bookings.id, id));
          if (w.kind === 'delete') {
            await db.delete(bookings).where(eq(bookings.id, id));
            ids.splice(ids.indexOf(id), 1);
          }
        }
        const rows = await db.select().from(bookings).where(inArray(bookings.slotId, tripIds));
        const stored = await db
          .select({ id: slots.id, seatsTaken: slots.seatsTaken })
          .from(slots)
          .where(inArray(slots.id, tripIds));
        for (const trip of stored) {
          const occupied = rows
            .filter(
              (b) => b.slotId === trip.id && (OCCUPYING_STATUSES as readonly string[]).includes(b.status),
            )
            .reduce((n, b) => n + b.seats, 0);
          expect(trip.seatsTaken, `trip ${trip.id}`).toBe(byHand + occupied);
        }
      }),
      { numRuns: 40 },
    );
  });
});
