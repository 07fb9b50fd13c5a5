// What a customer of a canceled shared trip may move to: open shared trips of the same boat,
// not started, at the same or a lower seat price, with room for the whole party. The deadline
// to choose: 72 hours, or 24 hours before the first trip offered, whichever comes first.
import { bookingPrice } from '@boats/domain/pricing';
import { and, asc, eq, gt, isNull, lt, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slots } from '../../db/schema';
import { seatsLeft } from '../occupancy/occupancy';
import { withUsage } from '../slots/slot-repository';

const HOUR = 3_600_000;
export const OFFER_HOURS = 72;
export const CLOSE_BEFORE_TRIP_HOURS = 24;
const WINDOW_DAYS = 60;
const MAX_OPTIONS = 8;

export type MoveOption = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  seatPriceCents: number;
  priceCents: number;
};
type Party = { boatId: string; seats: number; adults: number; childrenU13: number; childrenU6: number };

export async function moveOptions(
  db: Db,
  party: Party,
  canceled: { id: string; seatPriceCents: number },
  now: Date,
): Promise<MoveOption[]> {
  const candidates = await db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.boatId, party.boatId),
        eq(slots.type, 'shared'),
        eq(slots.isOpen, true),
        isNull(slots.canceledAt),
        ne(slots.id, canceled.id),
        gt(slots.startsAt, now),
        lt(slots.startsAt, new Date(now.getTime() + WINDOW_DAYS * 24 * HOUR)),
        lte(slots.seatPriceCents, canceled.seatPriceCents),
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(40);
  const withRoom = (await withUsage(db, candidates, now)).filter(
    (s) => seatsLeft(s, s.seatsHeld) >= party.seats,
  );
  return withRoom.slice(0, MAX_OPTIONS).map((s) => ({
    id: s.id,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    seatPriceCents: s.seatPriceCents,
    priceCents: bookingPrice({
      mode: 'shared',
      seatPricePerHourCents: s.seatPriceCents,
      passengers: { adults: party.adults, children50: party.childrenU13, kidsFree: party.childrenU6 },
      hours: (s.endsAt.getTime() - s.startsAt.getTime()) / HOUR,
    }).amountCents,
  }));
}

/** Null when no option leaves time to choose (then the booking is simply refunded). */
export function offerDeadline(options: readonly MoveOption[], now: Date): Date | null {
  const first = options[0];
  if (!first) return null;
  const deadline = Math.min(
    now.getTime() + OFFER_HOURS * HOUR,
    first.startsAt.getTime() - CLOSE_BEFORE_TRIP_HOURS * HOUR,
  );
  return deadline > now.getTime() ? new Date(deadline) : null;
}
