// The month view's one set-based statement answers exactly what the per-slot subqueries (the
// rule as the trips and slot editors still read it) answer, on random mixes of holds and sales,
// at random instants around their expiries.
import fc from 'fast-check';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, bookingSlots, slots } from '../../../src/db/schema';
import { sellableSlots } from '../../../src/modules/sales/sellable';
import { charterClaimedOn, heldSeatsOn } from '../../../src/modules/occupancy/occupancy';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
const DAY = new Date('2027-06-10T09:00:00Z');
const MINUTE = 60_000;
const STATUSES = ['pending', 'paid', 'confirmed', 'canceled'] as const;

const sharedBooking = fc.record({
  slot: fc.nat({ max: 2 }),
  status: fc.constantFrom(...STATUSES),
  seats: fc.integer({ min: 1, max: 4 }),
  holdMinutes: fc.integer({ min: -20, max: 20 }),
});
const charterClaim = fc.record({
  slot: fc.nat({ max: 2 }),
  status: fc.constantFrom(...STATUSES),
  active: fc.boolean(),
  holdMinutes: fc.integer({ min: -20, max: 20 }),
});

describe('month query: set-based = per-slot reference', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;

  /** The rule slot by slot, two correlated subqueries each (how the month was read before). */
  const reference = (boatId: string, now: Date) =>
    db
      .select({
        id: slots.id,
        heldSeats: heldSeatsOn(sql.raw('"slots"."id"'), now),
        occupied: charterClaimedOn(sql.raw('"slots"."id"'), now),
      })
      .from(slots)
      .where(
        and(
          eq(slots.boatId, boatId),
          gte(slots.startsAt, DAY),
          lt(slots.startsAt, new Date(DAY.getTime() + 24 * HOUR)),
        ),
      )
      .orderBy(asc(slots.startsAt));

  it('gives every slot the same held seats and the same claim', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sharedBooking, { maxLength: 6 }),
        fc.array(charterClaim, { maxLength: 6 }),
        fc.integer({ min: -25, max: 25 }),
        async (shared, charters, nowMinutes) => {
          const boat = await createBoat(db);
          type SlotRow = typeof slots.$inferSelect;
          const sharedSlots: SlotRow[] = [];
          const privateSlots: SlotRow[] = [];
          for (let i = 0; i < 3; i++) {
            sharedSlots.push(
              await createSlot(db, boat.id, {
                type: 'shared',
                start: new Date(DAY.getTime() + i * 2 * HOUR),
                hours: 2,
                seatsTotal: 30,
              }),
            );
            privateSlots.push(
              await createSlot(db, boat.id, {
                type: 'private',
                start: new Date(DAY.getTime() + (8 + i) * HOUR),
              }),
            );
          }
          const book = (
            slot: SlotRow,
            type: 'shared' | 'private',
            status: string,
            holdMinutes: number,
            seats: number,
          ) =>
            db
              .insert(bookings)
              .values({
                boatId: boat.id,
                slotId: slot.id,
                type,
                startsAt: slot.startsAt,
                endsAt: slot.endsAt,
                status: status as (typeof STATUSES)[number],
                seats,
                adults: seats,
                holdExpiresAt: new Date(NOW.getTime() + holdMinutes * MINUTE),
                amountGrossCents: 1000,
              })
              .returning({ id: bookings.id });
          for (const b of shared)
            await book(sharedSlots[b.slot]!, 'shared', b.status, b.holdMinutes, b.seats);
          const liveClaim = new Set<number>();
          for (const c of charters) {
            // One live claim per slot at most (the database's partial unique index).
            const active = c.active && !liveClaim.has(c.slot);
            if (active) liveClaim.add(c.slot);
            const [row] = await book(privateSlots[c.slot]!, 'private', c.status, c.holdMinutes, 0);
            await db
              .insert(bookingSlots)
              .values({ bookingId: row!.id, slotId: privateSlots[c.slot]!.id, active });
          }
          const now = new Date(NOW.getTime() + nowMinutes * MINUTE);
          const setBased = await sellableSlots(
            db,
            boat.id,
            { start: DAY, end: new Date(DAY.getTime() + 24 * HOUR) },
            now,
          );
          expect(setBased.map(({ id, heldSeats, occupied }) => ({ id, heldSeats, occupied }))).toEqual(
            await reference(boat.id, now),
          );
          // The answer's lifetime: the earliest live hold on each slot lapses first.
          const expiry = new Map<string, number>();
          const live = (status: string, holdMinutes: number) =>
            status === 'pending' && holdMinutes > nowMinutes;
          const note = (slotId: string, holdMinutes: number) => {
            const at = NOW.getTime() + holdMinutes * MINUTE;
            expiry.set(slotId, Math.min(expiry.get(slotId) ?? Infinity, at));
          };
          for (const b of shared)
            if (live(b.status, b.holdMinutes)) note(sharedSlots[b.slot]!.id, b.holdMinutes);
          const claimed = new Set<number>();
          for (const c of charters) {
            const active = c.active && !claimed.has(c.slot);
            if (active) claimed.add(c.slot);
            if (active && live(c.status, c.holdMinutes)) note(privateSlots[c.slot]!.id, c.holdMinutes);
          }
          expect(
            Object.fromEntries(setBased.map((row) => [row.id, row.liveHoldExpiresAt?.getTime() ?? null])),
          ).toEqual(Object.fromEntries(setBased.map((row) => [row.id, expiry.get(row.id) ?? null])));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
