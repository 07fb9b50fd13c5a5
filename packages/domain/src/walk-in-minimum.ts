/**
 * A walk-in sold by staff on a shared trip below its minimum to depart (docs/back-office.md#walk-ins-below-the-minimum).
 * While the trip's cutoff is ahead the sale is an ordinary one (the cutoff decides the trip). Once
 * nothing would cancel the trip (the cutoff has passed, or the trip has none) a sale that leaves it
 * below its minimum means the trip sails below it: the admin and the boat's owner may decide that,
 * the crew only when their owner allows it (the platform's crew: when the admin allows it on the
 * platform's row). The sale then waives the trip's minimum, as the admin's waiver does, so the
 * cutoff job leaves the trip alone. The server decides with this; the walk-in form says it first.
 */

import type { TripMinimum } from './booking-rules';
import { tripMinimumVerdict } from './booking-rules';

export const WALK_IN_SELLERS = ['admin', 'owner', 'crew'] as const;
export type WalkInSeller = (typeof WALK_IN_SELLERS)[number];

export interface WalkInMinimumInput {
  /** The trip's minimum as a new booking meets it (trip-state `bookingTripMinimum`). */
  minimum: TripMinimum;
  /** Paid seats (adults + children 6–12) of the walk-in. */
  walkInPaidSeats: number;
  seller: WalkInSeller;
  /** The boat's owner lets their crew sell below the minimum (owners.crew_may_sell_below_minimum). */
  crewMaySellBelowMinimum: boolean;
  /** The boat is the platform's own: its crew's permission is the admin's to give. */
  platformBoat: boolean;
}

export type WalkInMinimumVerdict =
  /** The minimum is reached, waived, absent, or the cutoff ahead still decides the trip. */
  | { kind: 'sold' }
  /** Allowed below the minimum: the trip's minimum is waived and the trip sails. */
  | { kind: 'belowMinimum'; seats: number; paidSeats: number }
  /** Refused: `allowedBy` says who can allow it (the owner's setting, or the admin's). */
  | { kind: 'refused'; seats: number; missing: number; allowedBy: 'owner' | 'admin' };

export function walkInMinimum(input: WalkInMinimumInput, now: Date): WalkInMinimumVerdict {
  const verdict = tripMinimumVerdict(input.minimum, input.walkInPaidSeats, now);
  if (verdict.kind !== 'blocked') return { kind: 'sold' };
  const mayGoBelow = input.seller !== 'crew' || input.crewMaySellBelowMinimum;
  if (mayGoBelow)
    return {
      kind: 'belowMinimum',
      seats: verdict.seats,
      paidSeats: input.minimum.paidSeatsSold + input.walkInPaidSeats,
    };
  return {
    kind: 'refused',
    seats: verdict.seats,
    missing: verdict.missing,
    allowedBy: input.platformBoat ? 'admin' : 'owner',
  };
}
