/**
 * The state of a trip on the operator's day, and the minimum-to-depart cutoff (decided in
 * docs/product.md §9; how it reads to the operator: docs/back-office.md): a shared trip whose paid
 * seats (adults + children 6–12) stay below the boat's minimum is canceled `cutoffHours`
 * before departure, unless the operator waived the minimum for that trip. A trip scheduled
 * after its own cutoff has none (it runs as a last-minute trip), a boat with 0 cutoff hours
 * has none, and a full trip is never below its minimum. The trips view, the cutoff job, the
 * new-slot window and the schedule preview all decide with these.
 */

import type { TripMinimum } from './booking-rules';

export const TRIP_STATES = ['on_track', 'below_minimum', 'full', 'canceled'] as const;
export type TripState = (typeof TRIP_STATES)[number];

export const DEFAULT_CUTOFF_HOURS = 12;
/** The longest cutoff a boat may set (the database's boats_cutoff_check says the same). */
export const MAX_CUTOFF_HOURS = 168;

const HOUR = 3_600_000;

export interface TripFacts {
  type: 'private' | 'shared';
  startsAt: Date;
  /** When the trip got its start time: created, or last moved. */
  scheduledAt: Date;
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

type CutoffFacts = Pick<TripFacts, 'startsAt' | 'scheduledAt' | 'cutoffHours'>;

/** The instant the cutoff decides the trip: `cutoffHours` before departure. */
export function cutoffAt(trip: Pick<TripFacts, 'startsAt' | 'cutoffHours'>): Date {
  return new Date(trip.startsAt.getTime() - trip.cutoffHours * HOUR);
}

/**
 * A trip scheduled at or after its own cutoff (created, or moved, inside it) has no cutoff: the
 * operator put it on sale knowing it may run with few people, so the job must not cancel it
 * seconds later.
 */
export function scheduledAfterCutoff(trip: CutoffFacts): boolean {
  return trip.scheduledAt.getTime() >= cutoffAt(trip).getTime();
}

/** Whether the trip has a cutoff at all: a boat with cutoff hours, not a last-minute trip. */
export function hasCutoff(trip: CutoffFacts): boolean {
  return trip.cutoffHours > 0 && !scheduledAfterCutoff(trip);
}

/** Whether the minimum applies at all: shared trips with a minimum the operator did not waive. */
export function minimumApplies(
  trip: Pick<TripFacts, 'type' | 'minSeatsToDepart' | 'minimumWaived'>,
): boolean {
  return trip.type === 'shared' && trip.minSeatsToDepart > 0 && !trip.minimumWaived;
}

/** Every seat taken (sold, or taken by hand): nobody else can join, so the minimum is moot. */
function soldOut(trip: TripFacts): boolean {
  return trip.type === 'shared' && trip.seatsTotal > 0 && trip.seatsTaken >= trip.seatsTotal;
}

/** Below the minimum, with a cutoff that will cancel it (the trips view's "below minimum"). */
export function isBelowMinimum(trip: TripFacts): boolean {
  return minimumApplies(trip) && hasCutoff(trip) && !soldOut(trip) && trip.paidSeats < trip.minSeatsToDepart;
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
 * the minimum does not apply, and no cutoff when the trip has none (a boat with 0 hours, or a
 * last-minute trip).
 */
export function bookingTripMinimum(
  trip: Pick<TripFacts, 'type' | 'minSeatsToDepart' | 'minimumWaived' | 'paidSeats'> & CutoffFacts,
): TripMinimum {
  const applies = minimumApplies(trip);
  return {
    seats: applies ? trip.minSeatsToDepart : 0,
    paidSeatsSold: trip.paidSeats,
    cutoffAt: applies && hasCutoff(trip) ? cutoffAt(trip) : null,
  };
}

/** What a booking sold on a trip still below its minimum is told again after paying. */
export type MinimumToReach = { seats: number; cutoffAt: Date };

/**
 * The minimum a paid booking's trip has still to reach (the confirmation, its e-mail, manage my
 * booking and the ticket say it): the trip runs from `seats` paid seats, else it is canceled and
 * refunded in full at `cutoffAt`. Null once it is reached or waived, the trip is canceled, or the
 * cutoff has passed (the customer is then e-mailed either way).
 */
export function minimumToReach(trip: TripFacts, now: Date): MinimumToReach | null {
  if (trip.canceled || !isBelowMinimum(trip)) return null;
  const at = cutoffAt(trip);
  return at.getTime() > now.getTime() ? { seats: trip.minSeatsToDepart, cutoffAt: at } : null;
}

/**
 * Due for the cutoff job: below minimum, not canceled, the cutoff has come and the trip has not
 * left yet (a trip already under way is never canceled by a job).
 */
export function isCutoffDue(trip: TripFacts, now: Date): boolean {
  if (trip.canceled || !isBelowMinimum(trip)) return false;
  return now.getTime() >= cutoffAt(trip).getTime() && now.getTime() < trip.startsAt.getTime();
}

/**
 * The cutoff has come and the trip runs: a shared trip with a minimum and a cutoff, not canceled,
 * that reached its minimum (or whose minimum the operator waived, or sold out), not yet departed.
 * Its customers are told so once (the cutoff job); a trip below it is canceled instead.
 */
export function runsPastCutoff(trip: TripFacts, now: Date): boolean {
  if (trip.canceled || trip.type !== 'shared' || trip.minSeatsToDepart <= 0 || !hasCutoff(trip)) return false;
  if (isBelowMinimum(trip)) return false;
  return now.getTime() >= cutoffAt(trip).getTime() && now.getTime() < trip.startsAt.getTime();
}

/** Milliseconds until the cutoff while the trip is below its minimum; null when not at risk. */
export function cutoffRiskMs(trip: TripFacts, now: Date): number | null {
  if (trip.canceled || !isBelowMinimum(trip)) return null;
  const left = cutoffAt(trip).getTime() - now.getTime();
  return left > 0 ? left : null;
}

/**
 * What a trip scheduled now at `startsAt` will have: a cutoff at an instant, or none (a
 * last-minute trip, or a boat without a minimum or a cutoff). The new-slot window and the
 * schedule preview say it before the trip is created.
 */
export function cutoffOfNewTrip(
  startsAt: Date,
  boat: { minSeatsToDepart: number; cutoffHours: number },
  now: Date,
): { kind: 'none' } | { kind: 'last_minute' } | { kind: 'cutoff'; at: Date } {
  if (boat.minSeatsToDepart <= 0 || boat.cutoffHours <= 0) return { kind: 'none' };
  const facts = { startsAt, scheduledAt: now, cutoffHours: boat.cutoffHours };
  return hasCutoff(facts) ? { kind: 'cutoff', at: cutoffAt(facts) } : { kind: 'last_minute' };
}
