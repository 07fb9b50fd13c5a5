// The bookings list's tiles are summed by the database (kpiFiguresQuery); the domain's
// `bookingsKpis` says what they are. On random bookings — every status, both types, tickets or
// none, payments and refunds in any amounts — the statement answers exactly what the domain
// answers from the same bookings read row by row, as the list did before.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
import { bookingsKpis } from '@boats/domain/bookings-kpi';
import { centsToEuros } from '@boats/domain/money';
import { bookings, payments, refunds, tickets } from '../../../src/db/schema';
import {
  boatsTitled,
  kpiFigures,
  listBookingRows,
  ticketsOf,
  type BookingFilter,
} from '../../../src/modules/admin-bookings/admin-booking-repository';
import { toAdminBookings } from '../../../src/modules/admin-bookings/admin-booking-mapper';
import { EVERY_OWNER } from '../../../src/modules/owner-scope/owner-scope';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';

const DAY = new Date('2027-06-10T09:00:00Z');

const randomBooking = fc.record({
  status: fc.constantFrom(...BOOKING_STATUSES),
  type: fc.constantFrom('shared' as const, 'private' as const),
  seats: fc.integer({ min: 0, max: 6 }),
  tickets: fc.integer({ min: 0, max: 4 }),
  paid: fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 2 }),
  refunded: fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 2 }),
});

describe('the bookings tiles: one statement = the domain’s bookingsKpis', async () => {
  const t = await buildTestApp({ template: 'empty', now: DAY });
  const db = t.ctx.db;
  let serial = 0;

  it('sums count, revenue, held money, seats sold and completed trips as the domain does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(randomBooking, { maxLength: 8 }), async (drawn) => {
        // A title of its own, so the filter's search finds this run's bookings only.
        const title = `KPI boat ${randomUUID()}`;
        const boat = await createBoat(db, { title: { en: title } });
        const slot = await createSlot(db, boat.id, { type: 'shared', start: DAY, hours: 2, seatsTotal: 100 });
        for (const b of drawn) {
          const [row] = await db
            .insert(bookings)
            .values({
              boatId: boat.id,
              slotId: slot.id,
              type: b.type,
              startsAt: slot.startsAt,
              endsAt: new Date(slot.startsAt.getTime() + 2 * HOUR),
              status: b.status,
              seats: b.seats,
              adults: b.seats,
              amountGrossCents: 10_000,
            })
            .returning({ id: bookings.id });
          const bookingId = row!.id;
          for (let seat = 1; seat <= b.tickets; seat++) {
            serial += 1;
            await db.insert(tickets).values({
              bookingId,
              code: `KPI-${serial}`,
              seatNo: seat,
              passengerType: 'adult',
              pricePaidCents: 2500,
            });
          }
          for (const amount of b.paid) {
            serial += 1;
            const [payment] = await db
              .insert(payments)
              .values({
                bookingId,
                provider: 'sandbox',
                providerId: `kpi_${serial}`,
                amountCents: amount,
                status: 'succeeded',
              })
              .returning({ id: payments.id });
            for (const refund of b.refunded) {
              await db.insert(refunds).values({
                bookingId,
                paymentId: payment!.id,
                provider: 'sandbox',
                amountCents: refund,
                status: 'succeeded',
                actor: 'system',
                reason: 'test',
              });
            }
          }
        }
        const filter: BookingFilter = {
          scope: EVERY_OWNER,
          start: DAY.toISOString(),
          end: DAY.toISOString(),
          search: { text: title, boatIds: await boatsTitled(db, title) },
        };
        const rows = await listBookingRows(db, filter, 'asc', undefined);
        const ticketRows = await ticketsOf(
          db,
          rows.map((r) => r.id),
        );
        const expected = bookingsKpis(toAdminBookings(rows, ticketRows, []));

        // The per-channel breakdown is tested with the channels (operator-bookings.test.ts).
        const { total, revenueCents, heldCents, byChannel: _, ...counts } = await kpiFigures(db, filter);
        expect(total).toBe(drawn.length);
        expect({ ...counts, revenue: centsToEuros(revenueCents), held: centsToEuros(heldCents) }).toEqual(
          expected,
        );
      }),
      { numRuns: 40 },
    );
  });
});
