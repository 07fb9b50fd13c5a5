// Rows for the admin bookings tests, written straight to the database so each test knows its
// exact figures. Every booking gets its own slot(s) on its own boat hour, so the database's
// no-overlap rule never gets in the way. Also the app those tests share: November 2026, an
// admin and a boat.
import { eq } from 'drizzle-orm';
import type { BookingStatus } from '@boats/domain/booking-status';
import { canaryInstant, canaryMonthRange } from '@boats/domain/canary-time';
import { bookingsPageSchema, type BookingsPage } from '@boats/domain/schemas/booking';
import { expect } from 'vitest';
import type { Db } from '../../../src/db/client';
import {
  bookingHistory,
  bookingSlots,
  bookings,
  boats,
  payments,
  sandboxPaymentIntents,
  slots,
  tickets,
} from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';

// November 2026: Canary time is UTC+0 all month.
const NOW = new Date('2026-11-15T12:00:00Z');
const NOV = canaryMonthRange(2026, 11);
/** The bookings list's query for the whole of November. */
export const MONTH_QUERY = `start=${NOV.start.toISOString()}&end=${NOV.end.toISOString()}`;
/** A day's time in the Canaries, as an instant. */
export const at = (day: string, time = '10:00') => canaryInstant(day, time);

/** The app at NOW on an empty database, an admin's token, and one boat. */
export async function adminBookingsTestApp(boatTitle?: BoatTitle) {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const admin = await tokenFor(t, 'admin');
  const boat = await seedBoat(t.ctx.db, boatTitle);
  return { t, admin, boat };
}

/** The back office's bookings list (GET /checkout/bookings), answered 200 and read as its schema says. */
export async function listBookings(t: TestApp, token: string, query: string): Promise<BookingsPage> {
  const res = await t.app.inject({ url: `/checkout/bookings?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return bookingsPageSchema.parse(res.json());
}

type BoatTitle = { en: string; es?: string; ru?: string };
export type BoatFixture = typeof boats.$inferSelect;

/** A published boat of 20 places at €100 an hour; the platform's unless an owner is named. */
export async function seedBoat(
  db: Db,
  title: BoatTitle = {
    en: 'Test Boat',
    es: 'Barco de prueba',
    ru: 'Тестовая лодка',
  },
  ownerId?: string,
): Promise<BoatFixture> {
  const [boat] = await db
    .insert(boats)
    .values({
      title,
      description: { en: 'A boat for tests' },
      capacity: 20,
      pricePerHourCents: 10_000,
      sharedPricePerHourCents: 2_500,
      ownerId: ownerId ?? (await platformOwnerId(db)),
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    })
    .returning();
  if (!boat) throw new Error('boat insert failed');
  return boat;
}

export type BookingFixture = {
  status: BookingStatus;
  type?: 'private' | 'shared';
  start: Date;
  hours?: number;
  grossCents?: number;
  receivedCents?: number;
  /** The commission rate it was sold at, in basis points (default 15 %). */
  commissionBps?: number;
  /** Prices of the tickets (shared), in cents. */
  ticketCents?: number[];
  seats?: number;
  adults?: number;
  name?: string;
  email?: string;
  phone?: string;
  /** The customer's language (their e-mails'), default English. */
  language?: string;
  providerPaymentId?: string | null;
};

let counter = 0;

export async function addBooking(db: Db, boat: BoatFixture, f: BookingFixture) {
  counter += 1;
  const type = f.type ?? 'private';
  const hours = f.hours ?? 2;
  const end = new Date(f.start.getTime() + hours * 3600_000);
  const sold = f.status === 'paid' || f.status === 'confirmed' || f.status === 'completed';
  const seats = f.seats ?? f.ticketCents?.length ?? f.adults ?? 2;
  const [slot] = await db
    .insert(slots)
    .values({
      boatId: boat.id,
      type,
      startsAt: f.start,
      endsAt: end,
      seatPriceCents: 2_500,
      seatsTotal: type === 'shared' ? 20 : 0,
      // seats_taken follows the booking written below (the database's trigger).
    })
    .returning();
  if (!slot) throw new Error('slot insert failed');
  const gross = f.grossCents ?? 10_000;
  const [booking] = await db
    .insert(bookings)
    .values({
      boatId: boat.id,
      slotId: slot.id,
      type,
      startsAt: f.start,
      endsAt: end,
      status: f.status,
      seats,
      adults: f.adults ?? seats,
      customerName: f.name ?? `Customer ${counter}`,
      customerEmail: f.email ?? `customer${counter}@example.com`,
      customerPhone: f.phone ?? '+34600000000',
      ...(f.language ? { language: f.language } : {}),
      amountGrossCents: gross,
      commissionBps: f.commissionBps ?? 1500,
      paidAt: sold || (f.receivedCents ?? 0) > 0 ? new Date(f.start.getTime() - 30 * 86400_000) : null,
      providerPaymentId:
        f.providerPaymentId === undefined
          ? `pi_test_${counter}_${Math.random().toString(36).slice(2)}`
          : f.providerPaymentId,
      holdExpiresAt: f.status === 'pending' ? new Date(f.start.getTime() - 3600_000) : null,
    })
    .returning();
  if (!booking) throw new Error('booking insert failed');
  const received = f.receivedCents ?? (sold ? gross : 0);
  if (received > 0 && booking.providerPaymentId) {
    await db.insert(payments).values({
      bookingId: booking.id,
      provider: 'sandbox',
      providerId: booking.providerPaymentId,
      amountCents: received,
      status: 'succeeded',
    });
  }
  if (f.ticketCents?.length) {
    await db.insert(tickets).values(
      f.ticketCents.map((cents, i) => ({
        bookingId: booking.id,
        code: `T${counter}-${i}-${Math.random().toString(36).slice(2, 8)}`,
        seatNo: i + 1,
        passengerType: 'adult' as const,
        pricePaidCents: cents,
      })),
    );
  }
  if (type === 'private') {
    await db.insert(bookingSlots).values({
      bookingId: booking.id,
      slotId: slot.id,
      active: f.status !== 'canceled' && f.status !== 'refunded',
    });
  }
  await db.insert(bookingHistory).values({
    bookingId: booking.id,
    at: new Date(f.start.getTime() - 60 * 86400_000),
    actor: 'customer',
    toStatus: 'pending',
  });
  return { booking, slot };
}

type AddedBooking = Awaited<ReturnType<typeof addBooking>>;

/** Bookings on one boat, added one after another in the order given, under the same names. */
export async function addBookings<K extends string>(
  db: Db,
  boat: BoatFixture,
  fixtures: Record<K, BookingFixture>,
): Promise<Record<K, AddedBooking>> {
  const added: Partial<Record<K, AddedBooking>> = {};
  for (const [name, fixture] of Object.entries(fixtures) as [K, BookingFixture][]) {
    added[name] = await addBooking(db, boat, fixture);
  }
  return added as Record<K, AddedBooking>;
}

/** A confirmed booking on `day` at 10:00, paid by card in the sandbox (the invoicing tests' sale). */
export async function addPaidBooking(
  db: Db,
  boat: BoatFixture,
  day: string,
  cents: number,
  commissionBps = 1500,
) {
  const { booking } = await addBooking(db, boat, {
    status: 'confirmed',
    start: at(day),
    grossCents: cents,
    commissionBps,
  });
  await addSandboxPayment(db, booking.providerPaymentId!, cents);
  return booking;
}

/** A succeeded sandbox payment for a booking, so the sandbox provider can refund it. */
export async function addSandboxPayment(db: Db, id: string, amountCents: number): Promise<void> {
  await db.insert(sandboxPaymentIntents).values({
    id,
    clientSecret: `${id}_secret_test`,
    amountCents,
    status: 'succeeded',
  });
}

export async function sandboxRefunded(db: Db, id: string): Promise<number | undefined> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  return row?.amountRefundedCents;
}
