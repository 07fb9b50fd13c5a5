// A month's figures on the bookings list are kept day by day and summed (admin-booking-service
// dayParts), each day dropped by the changes to bookings of its own trips only. After random
// sales, refunds, moves to another day and cancels, each through the code staff and customers
// reach, the month's page read through the API (from the days kept in memory where nothing
// touched them) answers exactly what the figures added up from the ledger at that moment answer.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canaryMonthRange } from '@boats/domain/canary-time';
import { centsToEuros } from '@boats/domain/money';
import type { BookingsPage } from '@boats/domain/schemas/booking';
import { kpiFigures } from '../../src/modules/admin-bookings/admin-booking-repository';
import { refundBooking } from '../../src/modules/bookings/refunds';
import { EVERY_OWNER } from '../../src/modules/owner-scope/owner-scope';
import { bearer, tokenFor } from '../helpers/admin-token';
import { buildTestApp } from '../helpers/test-app';
import { addBooking, addSandboxPayment, at, seedBoat } from '../api/admin-bookings/admin-bookings.fixtures';

// November 2026 (Canary time is UTC+0 all month); the clock before the month's trips.
const NOW = new Date('2026-10-20T12:00:00Z');
const NOV = canaryMonthRange(2026, 11);
const MONTH = { start: NOV.start.toISOString(), end: NOV.end.toISOString() };
const novemberDay = (day: number) => `2026-11-${String(day).padStart(2, '0')}`;

type Op =
  | { kind: 'sale'; boat: number; day: number; tickets: number; cents: number }
  | { kind: 'refund'; sale: number; percent: number }
  | { kind: 'move'; sale: number; day: number }
  | { kind: 'cancel'; sale: number }
  | { kind: 'read' };

const day = fc.integer({ min: 1, max: 30 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      boat: fc.nat(1),
      day,
      tickets: fc.integer({ min: 0, max: 3 }),
      cents: fc.integer({ min: 100, max: 40_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      sale: fc.nat(30),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), sale: fc.nat(30), day }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), sale: fc.nat(30) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'read' as const }) },
);

describe("a month's figures kept day by day", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = async () => bearer(await tokenFor(t, 'admin'));
  const query = `start=${MONTH.start}&end=${MONTH.end}`;

  const fromMemory = async () => {
    const res = await t.app.inject({ url: `/checkout/bookings?${query}`, headers: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<BookingsPage>();
    return { total: page.total, kpis: page.kpis };
  };
  /** The same figures added up from the database now, as the page shows them. */
  const addedUpNow = async () => {
    const f = await kpiFigures(db, { scope: EVERY_OWNER, ...MONTH });
    return {
      total: f.total,
      kpis: {
        count: f.count,
        seatsSold: f.seatsSold,
        completed: f.completed,
        revenue: centsToEuros(f.revenueCents),
        held: centsToEuros(f.heldCents),
        byChannel: f.byChannel.map((c) => ({
          kind: c.channel,
          name: c.name,
          count: c.count,
          retail: centsToEuros(c.retailCents),
          revenue: centsToEuros(c.revenueCents),
        })),
      },
    };
  };

  it('equal the month added up from the ledger after random sales, refunds, moves and cancels', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (ops) => {
        // Each run's boats, whose trips of a day follow one another from 06:00.
        run += 1;
        const boats = [
          await seedBoat(db, { en: `Day boat A${run}` }),
          await seedBoat(db, { en: `Day boat B${run}` }),
        ];
        const tripsOfDay = new Map<string, number>();
        const sales: string[] = [];
        for (const step of ops) {
          const saleId = 'sale' in step ? sales[step.sale % Math.max(1, sales.length)] : undefined;
          if (step.kind === 'sale') {
            const boatDay = `${step.boat}:${step.day}`;
            const hour = 6 + (tripsOfDay.get(boatDay) ?? 0);
            tripsOfDay.set(boatDay, hour - 5);
            const { booking } = await addBooking(db, boats[step.boat]!, {
              status: 'confirmed',
              type: step.tickets > 0 ? 'shared' : 'private',
              start: at(novemberDay(step.day), `${String(hour).padStart(2, '0')}:00`),
              hours: 1,
              grossCents: step.cents,
              ...(step.tickets > 0 ? { ticketCents: Array(step.tickets).fill(2500) } : {}),
            });
            await addSandboxPayment(db, booking.providerPaymentId!, step.cents);
            sales.push(booking.id);
          } else if (step.kind === 'refund' && saleId) {
            const [{ left } = { left: 0 }] = (
              (await db.execute(
                sql`select ((select coalesce(sum(amount_cents), 0) from payments where booking_id = ${saleId} and status = 'succeeded')
                  - (select coalesce(sum(amount_cents), 0) from refunds where booking_id = ${saleId} and status <> 'failed'))::int as left`,
              )) as unknown as { rows: { left: number }[] }
            ).rows;
            const amount = Math.floor((left * step.percent) / 100);
            if (amount > 0) {
              await refundBooking(t.ctx, saleId, {
                amountCents: amount,
                actor: 'model',
                reason: 'model',
                cause: 'operator',
              });
            }
          } else if (step.kind === 'move' && saleId) {
            // Another day of the month, the same time of day.
            await db.execute(sql`update bookings set
              starts_at = starts_at + make_interval(days => ${step.day} - extract(day from starts_at)::int),
              ends_at = ends_at + make_interval(days => ${step.day} - extract(day from starts_at)::int)
              where id = ${saleId}`);
          } else if (step.kind === 'cancel' && saleId) {
            await t.app.inject({
              method: 'POST',
              url: `/api/admin/bookings/${saleId}/cancel`,
              headers: await admin(),
              payload: { reason: 'model' },
            });
          }
          expect(await fromMemory()).toEqual(await addedUpNow());
        }
      }),
      { numRuns: Number(process.env.FIGURES_MODEL_RUNS ?? 20) },
    );
    // About 10 s alone; the bulk runs beside other files on two cores.
  }, 120_000);
});
