/**
 * Whether the customer may go on to payment. The booking screen disables Continue and shows
 * one translated reason per code; the payment-intent route refuses with the same codes, so the
 * two can never disagree.
 */

import type { InstantInput } from './canary-time';
import { isPast, toInstant } from './canary-time';
import type { DurationRange } from './charter';
import { isDurationInRange } from './charter';
import type { Passengers } from './passengers';
import { emptyPassengers, paidSeats, seatsUsed } from './passengers';

export const BLOCKER_CODES = [
  'noDate',
  'noSlot',
  'slotStarted',
  'noDuration',
  'durationOutOfRange',
  'noSeats',
  'tooManySeats',
  'belowMinToDepart',
  'tooManyFreeKids',
  'noAdult',
  'aboveCapacity',
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

export interface ContinueInput {
  mode: 'private' | 'shared';
  /** Chosen Canary day, 'YYYY-MM-DD'. */
  date?: string | null;
  /** Chosen slot (for a charter, the first slot of the chain). A closed slot counts as none. */
  slot?: {
    start: InstantInput;
    isOpen?: boolean;
    seatsLeft?: number;
    seatPrice?: number;
  } | null;
  /** Charter only: chosen whole hours. A shared trip lasts its slot. */
  durationHours?: number | null;
  /** Charter only: from charterDurationRange; null when the start slot cannot hold the minimum. */
  durationRange?: DurationRange | null;
  /** Who comes: the seats of a shared trip, the party on board of a charter. */
  passengers?: Passengers | null;
  /** Charter only: the boat's capacity, which the party must fit. */
  capacity?: number | null;
  /** Shared only: the trip's minimum to depart and what it has sold; absent = no minimum. */
  minimum?: TripMinimum | null;
}

/**
 * A shared trip's minimum to depart (docs/product.md §9): it is about the trip, not about one
 * booking. The availability answer carries it per slot (`tripMinimumOf`).
 */
export interface TripMinimum {
  /** Paid seats (adults + children 6–12) the trip needs; 0 = none, or waived for this trip. */
  seats: number;
  /** Paid seats of the trip's sold bookings. */
  paidSeatsSold: number;
  /** When the minimum-to-depart cutoff cancels and refunds the trip if still below; null = never. */
  cutoffAt: InstantInput | null;
}

/**
 * How a booking of `paidSeatsBooked` meets its trip's minimum:
 * - `none`: no minimum, or the trip reaches it with this booking;
 * - `untilCutoff`: still below, but the cutoff ahead cancels and refunds the trip if it stays
 *   below, so the booking is taken and the visitor is told so;
 * - `blocked`: below, and nothing would cancel the trip (a boat without a cutoff, or the cutoff
 *   has passed), so the booking must bring the trip to its minimum itself.
 */
export type MinimumVerdict =
  | { kind: 'none' }
  | { kind: 'untilCutoff'; seats: number; cutoffAt: Date }
  | { kind: 'blocked'; seats: number; missing: number };

export function tripMinimumVerdict(
  minimum: TripMinimum | null | undefined,
  paidSeatsBooked: number,
  now: Date,
): MinimumVerdict {
  if (!minimum || minimum.seats <= 0) return { kind: 'none' };
  const reached = minimum.paidSeatsSold + paidSeatsBooked;
  if (reached >= minimum.seats) return { kind: 'none' };
  const cutoffAt = minimum.cutoffAt == null ? null : toInstant(minimum.cutoffAt);
  if (cutoffAt && cutoffAt.getTime() > now.getTime()) {
    return { kind: 'untilCutoff', seats: minimum.seats, cutoffAt };
  }
  return { kind: 'blocked', seats: minimum.seats, missing: minimum.seats - reached };
}

/** Reasons Continue is refused, in a stable order; empty means the customer may continue. */
export function continueBlockers(input: ContinueInput, now: Date): BlockerCode[] {
  const codes: BlockerCode[] = [];
  if (!input.date) codes.push('noDate');
  const slot = input.slot && input.slot.isOpen !== false ? input.slot : null;
  if (!slot) codes.push('noSlot');
  else if (isPast(slot.start, now)) codes.push('slotStarted');

  if (input.mode === 'private') {
    const hours = input.durationHours;
    if (hours == null || !(hours > 0)) codes.push('noDuration');
    else if (slot && !isDurationInRange(hours, input.durationRange ?? null)) codes.push('durationOutOfRange');
    codes.push(...charterPartyBlockers(input.passengers ?? emptyPassengers, input.capacity ?? null));
    return codes;
  }

  const p = input.passengers ?? { adults: 0, children50: 0, kidsFree: 0 };
  const seats = seatsUsed(p);
  if (seats <= 0) codes.push('noSeats');
  else if (slot && seats > (slot.seatsLeft ?? 0)) codes.push('tooManySeats');
  if (seats > 0 && tripMinimumVerdict(input.minimum, paidSeats(p), now).kind === 'blocked')
    codes.push('belowMinToDepart');
  if (p.kidsFree > p.adults) codes.push('tooManyFreeKids');
  return codes;
}

/**
 * A charter's party: at least one adult on board, everyone (children and under-6s included)
 * within the boat's capacity, at most one child under 6 per adult. The price does not depend on it.
 */
export function charterPartyBlockers(p: Passengers, capacity: number | null): BlockerCode[] {
  const codes: BlockerCode[] = [];
  if (p.adults < 1) codes.push('noAdult');
  if (capacity != null && seatsUsed(p) > capacity) codes.push('aboveCapacity');
  if (p.kidsFree > p.adults) codes.push('tooManyFreeKids');
  return codes;
}
