// The waitlist offers a client the seats clientRoom says it may still hold; the checkout refuses
// past its limits with the asserts. Where the two rules meet they must agree: for any trip, any
// limits and anything the client holds, `seats` fit the room exactly when the sale would take them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertClientMayHoldMore,
  assertClientMayHoldSeats,
  clientRoom,
  type HoldingClient,
} from './client-hold-limits';

const accepted = (check: () => void) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

describe('a client’s room on a trip', () => {
  it('holds exactly the seats a sale to that client would take', () => {
    fc.assert(
      fc.property(
        fc.record({
          perTrip: fc.integer({ min: 1, max: 40 }),
          sharePercent: fc.integer({ min: 1, max: 100 }),
          maxLiveHolds: fc.integer({ min: 1, max: 5 }),
          is: fc.constantFrom<HoldingClient['is']>('visitor', 'reseller'),
        }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 30 }),
        (limits, seatsTotal, heldByClient, liveHolds, seats) => {
          const client: HoldingClient = {
            key: '203.0.113.9',
            maxLiveHolds: limits.maxLiveHolds,
            limits: {
              MAX_HELD_SEATS_PER_TRIP: limits.perTrip,
              MAX_HELD_SHARE_PER_TRIP_PERCENT: limits.sharePercent,
            },
            is: limits.is,
          };
          const room = clientRoom(client, { seatsTotal, heldByClient, liveHolds });
          const sold =
            accepted(() => assertClientMayHoldMore(client, liveHolds)) &&
            accepted(() => assertClientMayHoldSeats(client, { seatsTotal, seats, heldByClient }));
          expect(seats <= room).toBe(sold);
        },
      ),
    );
  });
});
