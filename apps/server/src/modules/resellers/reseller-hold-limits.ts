// What a reseller's keys may hold unconfirmed (docs/channels.md#holds-and-the-lifecycle): its own
// limits where the admin set them, else the server's settings (RESELLER_MAX_*). The one place
// both are read, by OCTO's reservations, extensions and answers (maxUnits) and the admin's card.
import { maxSeatsHeldPerClient, type HoldLimits } from '@boats/domain/hold-limits';
import type { ResellerHoldLimits } from '@boats/domain/schemas/resellers';
import type { AppContext } from '../../context';
import type { ResellerRow } from './reseller-repository';

/** The server's settings: a reseller's limits where the admin set none. */
export function resellerHoldLimitDefaults(config: AppContext['config']): ResellerHoldLimits {
  return {
    maxHeldSharePercent: config.RESELLER_MAX_HELD_SHARE_PER_TRIP_PERCENT,
    maxHeldSeatsPerTrip: config.RESELLER_MAX_HELD_SEATS_PER_TRIP,
    maxSeatsPerReservation: config.RESELLER_MAX_SEATS_PER_RESERVATION,
    maxLiveHolds: config.RESELLER_MAX_LIVE_HOLDS,
    maxHoldMinutes: config.RESELLER_MAX_HOLD_MINUTES,
  };
}

/** The limits that apply to this reseller. */
export function resellerHoldLimits(config: AppContext['config'], reseller: ResellerRow): ResellerHoldLimits {
  const defaults = resellerHoldLimitDefaults(config);
  return {
    maxHeldSharePercent: reseller.maxHeldSharePercent ?? defaults.maxHeldSharePercent,
    maxHeldSeatsPerTrip: reseller.maxHeldSeatsPerTrip ?? defaults.maxHeldSeatsPerTrip,
    maxSeatsPerReservation: reseller.maxSeatsPerReservation ?? defaults.maxSeatsPerReservation,
    maxLiveHolds: reseller.maxLiveHolds ?? defaults.maxLiveHolds,
    maxHoldMinutes: reseller.maxHoldMinutes ?? defaults.maxHoldMinutes,
  };
}

/** Its seats on one trip, in the seats rule's terms (domain hold-limits.ts). */
export function resellerSeatLimits(config: AppContext['config'], reseller: ResellerRow): HoldLimits {
  const limits = resellerHoldLimits(config, reseller);
  return {
    MAX_HELD_SEATS_PER_TRIP: limits.maxHeldSeatsPerTrip,
    MAX_HELD_SHARE_PER_TRIP_PERCENT: limits.maxHeldSharePercent,
  };
}

/**
 * The most seats one reservation of a shared trip of `seatsTotal` seats may take (OCTO's
 * maxUnits): its seats per reservation, and never more than the key may hold of the trip, since a
 * reservation is held before it is confirmed.
 */
export function resellerMaxSeatsPerReservation(
  config: AppContext['config'],
  reseller: ResellerRow,
  seatsTotal: number,
): number {
  return Math.min(
    resellerHoldLimits(config, reseller).maxSeatsPerReservation,
    maxSeatsHeldPerClient(resellerSeatLimits(config, reseller), seatsTotal),
  );
}
