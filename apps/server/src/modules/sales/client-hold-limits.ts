// What one client may hold, unpaid, at once (the seats rule: domain hold-limits.ts): a site
// visitor's address, or a reseller's API key (docs/channels.md#holds-and-the-lifecycle). Its live
// holds on the trip count, waitlist offers to it included; released, expired and paid bookings
// never do. The counts are taken inside the sale's transaction, after the client's advisory lock
// and under the trip's lock (sell.ts), so parallel holds are counted.
import { maxSeatsHeldPerClient, type HoldLimits } from '@boats/domain/hold-limits';
import { conflict, tooManyRequests, type DomainError } from '../../http/errors';

/** Who holds, its holds limited together: the key its bookings carry (bookings.client_ip). */
export type HoldingClient = {
  key: string;
  /** Unpaid holds it may keep at once, on any trip. */
  maxLiveHolds: number;
  /** Seats it may hold unpaid on one trip. */
  limits: HoldLimits;
  /** Whom a refusal speaks to: a visitor at the checkout, or a reseller's integration. */
  is: 'visitor' | 'reseller';
};

/** 429 (a reseller: 409, OCTO's UNPROCESSABLE_ENTITY) when the client holds as many holds as it may. */
export function assertClientMayHoldMore(client: HoldingClient, liveHolds: number): void {
  if (liveHolds < client.maxLiveHolds) return;
  throw refusal(
    client,
    client.is === 'reseller'
      ? `This API key holds ${liveHolds} unconfirmed reservations, the most it may: confirm or cancel some first.`
      : 'Too many unfinished checkouts from this address. Finish one or wait a few minutes.',
  );
}

/**
 * Refused when holding `seats` more would take this client past its share of the trip;
 * `heldByClient` is what it holds there now (counted under the slot's lock, liveHoldsUnderLock).
 */
export function assertClientMayHoldSeats(
  client: HoldingClient,
  hold: { seatsTotal: number; seats: number; heldByClient: number },
): void {
  const max = maxSeatsHeldPerClient(client.limits, hold.seatsTotal);
  const held = hold.heldByClient;
  if (held + hold.seats <= max) return;
  const seats = `${max} seat${max === 1 ? '' : 's'}`;
  throw refusal(
    client,
    client.is === 'reseller'
      ? `A reseller can hold at most ${seats} of this trip unconfirmed (this key holds ${held}): confirm or cancel a reservation first.`
      : `One customer can hold at most ${seats} of this trip at a time` +
          (held > 0 ? ` (you already hold ${held} in an unfinished checkout)` : '') +
          '. Finish or cancel that checkout, or contact us for a group booking.',
  );
}

function refusal(client: HoldingClient, message: string): DomainError {
  return client.is === 'reseller' ? conflict('hold_limit', message) : tooManyRequests(message);
}

/** A site visitor, held to the checkout's limits by its address (docs/operating.md). */
export function visitorClient(
  config: HoldLimits & { MAX_LIVE_HOLDS_PER_IP: number },
  address: string,
): HoldingClient {
  return { key: address, maxLiveHolds: config.MAX_LIVE_HOLDS_PER_IP, limits: config, is: 'visitor' };
}

/**
 * The seats a client may still hold on a trip, by the rules the asserts above refuse on: none
 * once it keeps as many holds as it may, else its share of the trip less what it holds there
 * (both counted under the trip's lock). The waitlist offers seats within it rather than be refused.
 */
export function clientRoom(
  client: HoldingClient,
  held: { seatsTotal: number; heldByClient: number; liveHolds: number },
): number {
  if (held.liveHolds >= client.maxLiveHolds) return 0;
  return Math.max(0, maxSeatsHeldPerClient(client.limits, held.seatsTotal) - held.heldByClient);
}
