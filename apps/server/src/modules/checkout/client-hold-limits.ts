// What one client address may hold, unpaid, on one shared trip: at most MAX_HELD_SEATS_PER_TRIP
// seats and at most MAX_HELD_SHARE_PER_TRIP_PERCENT of the trip's seats, counting the live holds
// it already has there. Without it a script could hold every seat of a trip for free and real
// customers would see "sold out". Released, expired and paid bookings never count. The count is
// taken inside the checkout transaction, after the client's advisory lock and under the slot's
// lock, so parallel holds are counted.
import type { Config } from '../../config';
import { tooManyRequests } from '../../http/errors';

/** The most seats one client may hold on a trip of `seatsTotal` seats (at least 1). */
function maxSeatsHeldPerClient(
  config: Pick<Config, 'MAX_HELD_SEATS_PER_TRIP' | 'MAX_HELD_SHARE_PER_TRIP_PERCENT'>,
  seatsTotal: number,
): number {
  const share = Math.floor((seatsTotal * config.MAX_HELD_SHARE_PER_TRIP_PERCENT) / 100);
  return Math.max(1, Math.min(config.MAX_HELD_SEATS_PER_TRIP, share));
}

/**
 * 429 when holding `seats` more would take this client past its share of the trip;
 * `heldByClient` is what it holds there now (counted under the slot's lock, liveHoldsUnderLock).
 */
export function assertClientMayHoldSeats(
  config: Config,
  hold: { seatsTotal: number; seats: number; heldByClient: number },
): void {
  const max = maxSeatsHeldPerClient(config, hold.seatsTotal);
  const held = hold.heldByClient;
  if (held + hold.seats > max) {
    throw tooManyRequests(
      `One customer can hold at most ${max} seat${max === 1 ? '' : 's'} of this trip at a time` +
        (held > 0 ? ` (you already hold ${held} in an unfinished checkout)` : '') +
        '. Finish or cancel that checkout, or contact us for a group booking.',
    );
  }
}
