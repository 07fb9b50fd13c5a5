// Boats and slots the booking-engine tests create for themselves, at fixed future instants,
// so each test knows exactly what is free, held and sold.
import { bookingPrice } from '@boats/domain/pricing';
import type { Db } from '../../src/db/client';
import { boats, slots } from '../../src/db/schema';

export const HOUR = 3_600_000;

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
    })
    .returning();
  if (!slot) throw new Error('slot not created');
  return slot;
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

export function charterRequest(
  boat: { id: string; pricePerHourCents: number },
  slot: { id: string; startsAt: Date },
  hours: number,
  extra: Record<string, unknown> = {},
  party: { adults: number; children50: number; kidsFree: number } = { adults: 2, children50: 0, kidsFree: 0 },
) {
  const price = bookingPrice({ mode: 'private', perHourCents: boat.pricePerHourCents, hours });
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
