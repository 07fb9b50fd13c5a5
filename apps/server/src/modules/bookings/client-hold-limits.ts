// What one client address may hold, unpaid, on one shared trip: at most MAX_HELD_SEATS_PER_TRIP
// seats and at most MAX_HELD_SHARE_PER_TRIP_PERCENT of the trip's seats, counting the live holds
// it already has there. Without it a script could hold every seat of a trip for free and real
// customers would see "sold out". Released, expired and paid bookings never count. Runs inside
// the checkout transaction, after the client's advisory lock, so parallel holds are counted.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/** Seats this address holds right now on the slot (pending bookings whose hold has not lapsed). */
async function seatsHeldByClient(db: Db, slotId: string, clientIp: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.slotId, slotId),
        eq(bookings.clientIp, clientIp),
        eq(bookings.status, 'pending'),
        sql`${bookings.holdExpiresAt} > ${now.toISOString()}`,
      ),
    );
  return row?.seats ?? 0;
}

/** The most seats one client may hold on a trip of `seatsTotal` seats (at least 1). */
export function maxSeatsHeldPerClient(
  config: Pick<Config, 'MAX_HELD_SEATS_PER_TRIP' | 'MAX_HELD_SHARE_PER_TRIP_PERCENT'>,
  seatsTotal: number,
): number {
  const share = Math.floor((seatsTotal * config.MAX_HELD_SHARE_PER_TRIP_PERCENT) / 100);
  return Math.max(1, Math.min(config.MAX_HELD_SEATS_PER_TRIP, share));
}

/** 429 when holding `seats` more would take this client past its share of the trip. */
export async function assertClientMayHoldSeats(
  db: Db,
  config: Config,
  hold: { slotId: string; seatsTotal: number; seats: number; clientIp: string; now: Date },
): Promise<void> {
  const max = maxSeatsHeldPerClient(config, hold.seatsTotal);
  const held = await seatsHeldByClient(db, hold.slotId, hold.clientIp, hold.now);
  if (held + hold.seats > max) {
    throw tooManyRequests(
      `One customer can hold at most ${max} seat${max === 1 ? '' : 's'} of this trip at a time` +
        (held > 0 ? ` (you already hold ${held} in an unfinished checkout)` : '') +
        '. Finish or cancel that checkout, or contact us for a group booking.',
    );
  }
}
