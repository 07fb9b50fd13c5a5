// What a customer of a canceled shared trip may move to: open shared trips of the same boat,
// not started, at the same or a lower seat price, with room for the whole party, costing no
// more than the booking received, each until its own closing time; and the customer's deadline to choose, from the trips offered to them
// (domain trip-change-deadline).
import { bookingPrice } from '@boats/domain/pricing';
import { choiceDeadline, optionClosesAt } from '@boats/domain/trip-change-deadline';
import { and, asc, eq, gt, isNull, lt, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slots } from '../../db/schema';
import { withUsage } from '../slots/slot-repository';

const HOUR = 3_600_000;
const WINDOW_DAYS = 60;
const MAX_OPTIONS = 8;

export type MoveOption = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  seatPriceCents: number;
  priceCents: number;
  /** Until when this trip may be chosen. */
  closesAt: Date;
};
type Party = { boatId: string; seats: number; adults: number; childrenU13: number; childrenU6: number };
/** What the booking received (the ledger): a move never asks for more. */
type Paid = { receivedCents: number };
/** The canceled trip, when it was canceled, and the least time to choose (TRIP_CHANGE_MIN_HOURS). */
export type CanceledTrip = { id: string; seatPriceCents: number; canceledAt: Date; minimumHours: number };

/** The trips the party may move to at `now`, each still open to choose. */
export async function moveOptions(
  db: Db,
  party: Party & Paid,
  canceled: CanceledTrip,
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
  const withRoom = (await withUsage(db, candidates, now))
    .filter((s) => s.seatsTotal - s.seatsTaken - s.seatsHeld >= party.seats)
    .map((s) => ({ ...s, closesAt: optionClosesAt(s.startsAt, canceled.canceledAt, canceled.minimumHours) }))
    .filter((s) => s.closesAt.getTime() > now.getTime());
  return withRoom
    .map((s) => ({
      id: s.id,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      seatPriceCents: s.seatPriceCents,
      closesAt: s.closesAt,
      priceCents: bookingPrice({
        mode: 'shared',
        seatPricePerHourCents: s.seatPriceCents,
        passengers: { adults: party.adults, children50: party.childrenU13, kidsFree: party.childrenU6 },
        hours: (s.endsAt.getTime() - s.startsAt.getTime()) / HOUR,
      }).amountCents,
    }))
    .filter((o) => o.priceCents <= party.receivedCents)
    .slice(0, MAX_OPTIONS);
}

/** The customer's deadline; null when no trip offered leaves time to choose (then: a refund). */
export function offerDeadline(options: readonly MoveOption[], canceled: CanceledTrip): Date | null {
  return choiceDeadline(
    options.map((o) => o.startsAt),
    canceled.canceledAt,
    canceled.minimumHours,
  );
}
