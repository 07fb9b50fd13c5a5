// Boats and slots the booking-engine tests create for themselves, at fixed future instants,
// so each test knows exactly what is free, held and sold.
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
