// What one client address may hold, unpaid, on one shared trip (the rule: domain hold-limits.ts),
// counting the live holds it already has there, waitlist offers to it included. Released,
// expired and paid bookings never count. The count is taken inside the checkout transaction,
// after the client's advisory lock and under the slot's lock, so parallel holds are counted.
import { maxSeatsHeldPerClient } from '@boats/domain/hold-limits';
import type { Config } from '../../config';
import { tooManyRequests } from '../../http/errors';

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
