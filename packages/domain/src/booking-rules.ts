/**
 * Whether the customer may go on to payment. The booking screen disables Continue and shows
 * one translated reason per code; the payment-intent route refuses with the same codes, so the
 * two can never disagree.
 */

import type { InstantInput } from './canary-time';
import { isPast } from './canary-time';
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
  /** Shared only: paid seats (adults + children 6–12) needed for the trip to run; 0 = no minimum. */
  minSeatsToDepart?: number | null;
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
  const minimum = input.minSeatsToDepart ?? 0;
  if (seats > 0 && minimum > 0 && paidSeats(p) < minimum) codes.push('belowMinToDepart');
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

export function canContinue(input: ContinueInput, now: Date): boolean {
  return continueBlockers(input, now).length === 0;
}
