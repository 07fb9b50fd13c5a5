// Boats and slots the booking-engine tests create for themselves, at fixed future instants,
// so each test knows exactly what is free, held and sold; and the customer's checkout calls
// (hold, card, return from the card page) as the booking screen makes them.
import { bookingPrice } from '@boats/domain/pricing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { boats, slots } from '../../src/db/schema';
import { charterRatesOfRow } from '../../src/modules/boats/boat-mapper';
import { buildTestApp } from './test-app';
import { platformOwnerId } from '../../src/modules/owner-scope/platform-owner';
import { checkoutKey } from '../../src/modules/checkout/checkout-key';

export const HOUR = 3_600_000;

/** checkoutTestApp's clock: 1 June 2027, 10:00 in the Canaries (summer time). */
const NOW = new Date('2027-06-01T09:00:00Z');
/** Its trips leave one a day after this day, at 10:00 in the Canaries. */
const DAY = new Date('2027-06-10T09:00:00Z');

export async function createBoat(
  db: Db,
  overrides: Partial<typeof boats.$inferInsert> = {},
): Promise<typeof boats.$inferSelect> {
  const [boat] = await db
    .insert(boats)
    .values({
      title: { en: 'Test Boat', es: 'Barco de prueba', ru: 'Тестовая лодка' },
      description: { en: 'A boat for tests' },
      portName: 'Puerto Colón',
      portAddress: 'Puerto Colón, Costa Adeje',
      capacity: 12,
      minDurationHours: 1,
      maxDurationHours: 8,
      pricePerHourCents: 15000,
      sharedPricePerHourCents: 2500,
      ownerId: overrides.ownerId ?? (await platformOwnerId(db)),
      publishedAt: new Date('2020-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning();
  if (!boat) throw new Error('boat not created');
  return boat;
}

export async function createSlot(
  db: Db,
  boatId: string,
  input: {
    type: 'private' | 'shared';
    start: Date;
    hours?: number;
    seatsTotal?: number;
    seatsTaken?: number;
    seatPriceCents?: number;
    isOpen?: boolean;
    /** When the trip was put on sale; by default long before it (so it has its cutoff). */
    scheduledAt?: Date;
  },
): Promise<typeof slots.$inferSelect> {
  const [slot] = await db
    .insert(slots)
    .values({
      boatId,
      type: input.type,
      startsAt: input.start,
      endsAt: new Date(input.start.getTime() + (input.hours ?? 1) * HOUR),
      seatsTotal: input.seatsTotal ?? 0,
      seatsTaken: input.seatsTaken ?? 0,
      seatPriceCents: input.seatPriceCents ?? 0,
      isOpen: input.isOpen ?? true,
      scheduledAt: input.scheduledAt ?? new Date(input.start.getTime() - 30 * 24 * HOUR),
    })
    .returning();
  if (!slot) throw new Error('slot not created');
  return slot;
}

/** A shared trip as most checkout tests sell it: 2 hours, 10 seats at €25 an hour. */
export function createSharedTrip(
  db: Db,
  boatId: string,
  start: Date,
  overrides: { hours?: number; seatsTotal?: number; seatPriceCents?: number } = {},
): Promise<typeof slots.$inferSelect> {
  return createSlot(db, boatId, {
    type: 'shared',
    start,
    hours: 2,
    seatsTotal: 10,
    seatPriceCents: 2500,
    ...overrides,
  });
}

/**
 * The app at NOW on an empty database with one boat, for tests that run many checkouts: each
 * gets a shared trip of its own, a day after the last one, so no checkout takes another's seats.
 */
export async function checkoutTestApp(env: Record<string, string> = {}) {
  const t = await buildTestApp({ template: 'empty', now: NOW, env });
  const db = t.ctx.db;
  const boat = await createBoat(db);
  let trips = 0;
  const nextTrip = (overrides: Parameters<typeof createSharedTrip>[3] = {}) => {
    trips += 1;
    return createSharedTrip(db, boat.id, new Date(DAY.getTime() + trips * 24 * HOUR), overrides);
  };
  /** A checkout through the public route on the next trip. */
  const checkoutOnNextTrip = async (
    tickets: { adults: number; children50: number; kidsFree: number },
    extra: Record<string, unknown> = {},
  ) => startCheckout(t.app, sharedRequest(boat.id, await nextTrip(), tickets, extra));
  return { t, db, boat, nextTrip, checkoutOnNextTrip };
}

/** Private one-hour slots back to back from `start`. */
export async function createPrivateRun(db: Db, boatId: string, start: Date, count: number) {
  const run = [];
  for (let i = 0; i < count; i++) {
    run.push(await createSlot(db, boatId, { type: 'private', start: new Date(start.getTime() + i * HOUR) }));
  }
  return run;
}

/** A payment-intent request priced with the same domain function the browser uses. */
export function sharedRequest(
  boatId: string,
  slot: { id: string; startsAt: Date; endsAt: Date; seatPriceCents: number },
  tickets: { adults: number; children50: number; kidsFree: number },
  extra: Record<string, unknown> = {},
) {
  const hours = (slot.endsAt.getTime() - slot.startsAt.getTime()) / HOUR;
  const price = bookingPrice({
    mode: 'shared',
    seatPricePerHourCents: slot.seatPriceCents,
    passengers: tickets,
    hours,
  });
  return {
    currency: 'eur',
    amount: price.amountCents,
    booking: {
      boatId,
      mode: 'shared',
      slotId: slot.id,
      dateISO: slot.startsAt.toISOString(),
      durationHours: hours,
      tickets,
      priceBreakdown: price.breakdown,
    },
    ...extra,
  };
}

/** A charter's payment-intent request, at the boat's published rates (domain charterPrice). */
export function charterRequest(
  boat: typeof boats.$inferSelect,
  slot: { id: string; startsAt: Date },
  hours: number,
  extra: Record<string, unknown> = {},
  party: { adults: number; children50: number; kidsFree: number } = { adults: 2, children50: 0, kidsFree: 0 },
) {
  const price = bookingPrice({ mode: 'private', rates: charterRatesOfRow(boat), hours });
  return {
    currency: 'eur',
    amount: price.amountCents,
    booking: {
      boatId: boat.id,
      mode: 'private',
      slotId: slot.id,
      dateISO: slot.startsAt.toISOString(),
      durationHours: hours,
      tickets: party,
      priceBreakdown: price.breakdown,
    },
    ...extra,
  };
}

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 9995',
  threeDs: '4000 0027 6000 3184',
  threeDsAlt: '4000 0025 0000 3155',
};

export function card(number: string) {
  return { number, expMonth: 12, expYear: 2034, cvc: '123' };
}

/** The app, or anything that passes requests on to it (the model test's crash-aware wrapper). */
export type Injector = { inject(request: InjectOptions | string): Promise<LightMyRequestResponse> };

/** Where the card page sends the customer back to (an address of the site itself). */
export const RETURN_URL = 'http://localhost:3000/';

export type Checkout = {
  clientSecret: string;
  bookingId: string;
  /** The key every /checkout/booking/{id} call asks for (`?key=`). */
  checkoutKey: string;
  /** The provider's payment intent: the client secret's prefix, as with Stripe. */
  intentId: string;
  holdExpiresAt: string;
  amount: number;
};

const intentIdOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf('_secret_'));

/** POST /api/boat/payment-intent as it is, for tests that look at a refusal. */
export function requestHold(app: Injector, body: unknown, from?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/boat/payment-intent',
    payload: body as object,
    ...(from !== undefined && { remoteAddress: from }),
  });
}

/** Starts a checkout that must be accepted: the booking is pending and holds its seats or hours. */
export async function startCheckout(app: Injector, body: unknown, from?: string): Promise<Checkout> {
  const res = await requestHold(app, body, from);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<Omit<Checkout, 'intentId'>>();
  return { ...answer, intentId: intentIdOf(answer.clientSecret) };
}

/**
 * A /checkout/booking/{id} address (`rest`: '/release', '/customer'…) with the booking's checkout
 * key, as the browser that started the checkout calls it. Signed with the app's own secret, for
 * bookings a test did not start through the public route (or whose answer it did not keep).
 */
export function bookingUrl(ctx: { config: { jwtSecret: string } }, id: string, rest = ''): string {
  return `/checkout/booking/${id}${rest}?key=${checkoutKey(id, ctx.config.jwtSecret)}`;
}

/** The sandbox card form's Pay (POST /api/payments/sandbox/confirm). */
export function payByCard(
  app: Injector,
  clientSecret: string,
  number = CARDS.ok,
  returnUrl = RETURN_URL,
  /** The paying browser's address (the card form is limited per address). */
  from?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, card: card(number), returnUrl },
    ...(from && { remoteAddress: from }),
  });
}

/** The browser back from the card page (GET /checkout/confirm), with an idempotency key if given. */
export function confirmReturn(app: Injector, intentId: string, idempotencyKey?: string) {
  return app.inject({
    url: `/checkout/confirm?payment_intent=${intentId}`,
    ...(idempotencyKey !== undefined && { headers: { 'idempotency-key': idempotencyKey } }),
  });
}

/** A whole checkout with a good card, confirmed as the browser does: the booking is paid. */
export async function buyAndConfirm(app: Injector, body: unknown, from?: string): Promise<Checkout> {
  const checkout = await startCheckout(app, body, from);
  expect((await payByCard(app, checkout.clientSecret, CARDS.ok, RETURN_URL, from)).json()).toEqual({
    status: 'succeeded',
  });
  const confirmed = await confirmReturn(app, checkout.intentId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return checkout;
}
