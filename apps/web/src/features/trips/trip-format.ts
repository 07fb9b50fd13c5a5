// How a trip reads on the crew's screens: harbour times, and what is left before the cutoff.
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { Trip } from '@boats/domain/schemas/trips';

export const tripTimes = (trip: Pick<Trip, 'start' | 'end'>) =>
  `${canaryTimeLabel(trip.start)}–${canaryTimeLabel(trip.end)}`;

/** Whole hours and minutes until `at`, never negative. */
export function timeLeft(at: string, now: Date): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((Date.parse(at) - now.getTime()) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
