// The bookings list's tiles are summed by the database (kpiFiguresQuery); the model
// `bookingsKpis` (test/helpers/bookings-kpi-model.ts) says what they are. On random bookings — every status, both types, tickets or
// none, payments and refunds in any amounts — the statement answers exactly what the domain
// answers from the same bookings read row by row, as the list did before.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
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
import { bookingsKpis } from '../../helpers/bookings-kpi-model';
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

describe('the bookings tiles: one statement = the model bookingsKpis', async () => {
  const t = await buildTestApp({ template: 'empty', now: DAY });
  const db = t.ctx.db;
  let serial = 0;

  it('sums count, revenue, held money, seats sold and completed trips as the model does', async () => {
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

describe('the tiles’ model, bookingsKpis', () => {
  it('counts only paid, confirmed and completed, their net received; seats only on shared trips', () => {
    const kpis = bookingsKpis([
      {
        status: 'paid',
        type: 'shared',
        payment: { received: 0.3 },
        tickets: [{ pricePaid: 0.1 }, { pricePaid: 0.2 }],
      },
      {
        status: 'confirmed',
        type: 'private',
        amountGross: 300,
        payment: { received: 300, refunded: 0 },
        passengers: { adults: 4 },
      },
      {
        status: 'completed',
        type: 'shared',
        payment: { received: 50.5, refunded: 0.5 },
        tickets: [{ pricePaid: 50 }],
      },
      { status: 'pending', type: 'shared', amountGross: 1000, seats: 5 },
      { status: 'canceled', type: 'private', amountGross: 1000 },
      { status: 'refunded', type: 'shared', amountGross: 1000, seats: 5 },
    ]);
    expect(kpis).toEqual({ count: 3, revenue: 350.3, held: 0, seatsSold: 3, completed: 1 });
  });

  it('counts money kept on canceled bookings as held, refund due, to the cent', () => {
    const kpis = bookingsKpis([
      { status: 'paid', type: 'private', payment: { received: 100 } },
      { status: 'canceled', type: 'private', payment: { received: 300, refunded: 100.5 } },
      { status: 'canceled', type: 'shared', payment: { received: 0 }, amountGross: 80 },
      { status: 'refunded', type: 'shared', payment: { received: 60, refunded: 60 } },
    ]);
    expect(kpis).toMatchObject({ count: 1, revenue: 100, held: 199.5 });
  });

  it('is all zeros for nothing', () => {
    expect(bookingsKpis([])).toEqual({ count: 0, revenue: 0, held: 0, seatsSold: 0, completed: 0 });
  });
});
