/**
 * The state of a trip on the operator's day, and the minimum-to-depart cutoff (decided in
 * docs/product.md §9): a shared trip whose paid seats (adults + children 6–12) stay below
 * the boat's minimum is canceled `cutoffHours` before departure, unless the operator waived
 * the minimum for that trip. The trips view and the cutoff job both decide with these.
 */

import type { TripMinimum } from './booking-rules';

export const TRIP_STATES = ['on_track', 'below_minimum', 'full', 'canceled'] as const;
export type TripState = (typeof TRIP_STATES)[number];

export const DEFAULT_CUTOFF_HOURS = 12;

export interface TripFacts {
  type: 'private' | 'shared';
  startsAt: Date;
  canceled: boolean;
  seatsTotal: number;
  /** Seats taken by hand plus seats of paid bookings. */
  seatsTaken: number;
  seatsHeld: number;
  /** For a charter: a paid booking covers the slot. */
  occupied: boolean;
  paidSeats: number;
  minSeatsToDepart: number;
  minimumWaived: boolean;
  cutoffHours: number;
}

/** Whether the minimum applies at all: shared trips with a minimum the operator did not waive. */
export function minimumApplies(
  trip: Pick<TripFacts, 'type' | 'minSeatsToDepart' | 'minimumWaived'>,
): boolean {
  return trip.type === 'shared' && trip.minSeatsToDepart > 0 && !trip.minimumWaived;
}

export function isBelowMinimum(trip: TripFacts): boolean {
  return minimumApplies(trip) && trip.paidSeats < trip.minSeatsToDepart;
}

export function tripState(trip: TripFacts): TripState {
  if (trip.canceled) return 'canceled';
  const full =
    trip.type === 'shared'
      ? trip.seatsTotal > 0 && trip.seatsTaken + trip.seatsHeld >= trip.seatsTotal
      : trip.occupied;
  if (full) return 'full';
  return isBelowMinimum(trip) ? 'below_minimum' : 'on_track';
}

/**
 * The trip's minimum as a new booking meets it (booking-rules `tripMinimumVerdict`): none when
 * the minimum does not apply, and no cutoff when the boat has none (0 hours).
 */
export function bookingTripMinimum(
  trip: Pick<
    TripFacts,
    'type' | 'startsAt' | 'minSeatsToDepart' | 'minimumWaived' | 'cutoffHours' | 'paidSeats'
  >,
): TripMinimum {
  const applies = minimumApplies(trip);
  return {
    seats: applies ? trip.minSeatsToDepart : 0,
    paidSeatsSold: trip.paidSeats,
    cutoffAt: applies && trip.cutoffHours > 0 ? cutoffAt(trip) : null,
  };
}

/** The instant the cutoff decides the trip: `cutoffHours` before departure. */
export function cutoffAt(trip: Pick<TripFacts, 'startsAt' | 'cutoffHours'>): Date {
  return new Date(trip.startsAt.getTime() - trip.cutoffHours * 3_600_000);
}

/**
 * Due for the cutoff job: below minimum, not canceled, the cutoff has come and the trip has not
 * left yet (a trip already under way is never canceled by a job).
 */
export function isCutoffDue(trip: TripFacts, now: Date): boolean {
  if (trip.canceled || !isBelowMinimum(trip)) return false;
  return now.getTime() >= cutoffAt(trip).getTime() && now.getTime() < trip.startsAt.getTime();
}

/** Milliseconds until the cutoff while the trip is below its minimum; null when not at risk. */
export function cutoffRiskMs(trip: TripFacts, now: Date): number | null {
  if (trip.canceled || !isBelowMinimum(trip)) return null;
  const left = cutoffAt(trip).getTime() - now.getTime();
  return left > 0 ? left : null;
}
