import { z } from './zod';
import type { InstantInput } from '../canary-time';
import { isPast, toInstant } from '../canary-time';
import { boatSchema } from './boat';
import { count, uuid, euroAmount, isoInstant } from './common';

export const SLOT_TYPES = ['private', 'shared'] as const;
export const slotType = z.enum(SLOT_TYPES);
export type SlotType = z.infer<typeof slotType>;

/** An availability slot on the wire. seatPrice in euros; seatsLeft = total − sold − held. */
export const slotSchema = z.object({
  _id: uuid,
  type: slotType,
  start: isoInstant,
  end: isoInstant,
  isOpen: z.boolean(),
  seatPrice: euroAmount,
  seatsTotal: count,
  seatsTaken: count,
  seatsLeft: count,
  /**
   * Whether the slot can be booked now. Private: false while a booking or an unexpired hold
   * occupies it. Both types: false when closed, already started (Canary clock) or full.
   */
  available: z.boolean().optional(),
  /**
   * Shared trips on the booking screen: the trip's minimum to depart, the paid seats it has
   * sold and its cutoff (domain booking-rules `TripMinimum`; seats 0 = no minimum).
   */
  minimum: z.object({ seats: count, paidSeatsSold: count, cutoffAt: isoInstant.nullable() }).optional(),
});
export type Slot = z.infer<typeof slotSchema>;

/** Longest range one availability request may cover: a month view plus its edge weeks. */
export const AVAILABILITY_MAX_DAYS = 62;

/** Query of GET /api/boat/{id}?start&end: slots starting in [start, end). */
export const availabilityQuerySchema = z
  .object({ start: isoInstant, end: isoInstant })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.end) - Date.parse(q.start);
    if (!(span > 0)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be after start' });
    else if (span > AVAILABILITY_MAX_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `the range may cover at most ${AVAILABILITY_MAX_DAYS} days`,
      });
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** Answer of GET /api/boat/{id}?start&end. */
export const availabilityResponseSchema = z.object({
  boat: boatSchema,
  availability: z.object({ private: z.array(slotSchema), shared: z.array(slotSchema) }),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/**
 * Admin create/update body. Shape only; the rules that need context (the day's other slots,
 * the boat's hours, the clock) are in newSlotProblems, which the modal and the server both run.
 * seatsTaken is the admin's own count of seats sold elsewhere (the "remaining" stepper).
 */
export const slotInputSchema = z.object({
  type: slotType,
  start: isoInstant,
  end: isoInstant,
  isOpen: z.boolean().default(true),
  seatPrice: z.number('validation.number').default(0),
  seatsTotal: z
    .number('validation.number')
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .default(0),
  seatsTaken: z
    .number('validation.number')
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .default(0),
});
export type SlotInput = z.infer<typeof slotInputSchema>;

export const SLOT_PROBLEM_CODES = [
  'endBeforeStart',
  'inPast',
  'tooShort',
  'tooLong',
  'overlaps',
  'seatsRequired',
  'aboveCapacity',
  'belowMinimum',
  'negativePrice',
] as const;
export type SlotProblemCode = (typeof SLOT_PROBLEM_CODES)[number];
export type SlotField = 'start' | 'end' | 'seatsTotal' | 'seatPrice';
/** One code per field (the first that applies); an empty object means the slot is fine. */
export type SlotProblems = Partial<Record<SlotField, SlotProblemCode>>;

export interface SlotContext {
  /** Slots that could overlap: the day's slots of the same boat, of both types. */
  daySlots: readonly { _id?: string; start: InstantInput; end: InstantInput }[];
  minDurationHours?: number | null;
  maxDurationHours?: number | null;
  /** The boat's capacity: a shared slot cannot sell more seats than the boat carries. */
  capacity?: number | null;
  /**
   * The boat's minimum paid seats to depart: a shared trip with fewer seats could never reach
   * it (it would always be "at risk" and canceled at its cutoff), so it is refused.
   */
  minSeatsToDepart?: number | null;
  now: Date;
  /** When updating, the slot's own id, so it does not overlap itself. */
  ignoreSlotId?: string;
  /**
   * When updating a slot that has already started, skip the inPast check so the admin can
   * still close or correct it. New slots must leave this unset.
   */
  allowPast?: boolean;
}

const HOUR_MS = 3_600_000;
/** A charter's slot is at least an hour (or the boat's shortest, when that is less). */
const CHARTER_HOUR = 1;

/**
 * Spec §5 admin new-slot rules (the boat's shortest trip binds shared slots only: charters chain
 * their hours). Touching slots (one ends when the next starts) do not overlap;
 * a private and a shared slot at the same time do, since it is the same boat.
 */
export function newSlotProblems(
  input: { type: SlotType; start: InstantInput; end: InstantInput; seatsTotal?: number; seatPrice?: number },
  ctx: SlotContext,
): SlotProblems {
  const problems: SlotProblems = {};
  const start = toInstant(input.start).getTime();
  const end = toInstant(input.end).getTime();

  const clash = ctx.daySlots
    .filter((s) => s._id === undefined || s._id !== ctx.ignoreSlotId)
    .some((s) => toInstant(s.start).getTime() < end && start < toInstant(s.end).getTime());
  if (!ctx.allowPast && isPast(new Date(start), ctx.now)) problems.start = 'inPast';
  else if (clash) problems.start = 'overlaps';

  const hours = (end - start) / HOUR_MS;
  // A shared slot is its trip, held to the boat's shortest; a charter's slot is one link of a
  // chain (charter.ts): an hour on a boat of 2 h at least is fine, the booking is held to them.
  const shortest =
    ctx.minDurationHours == null || input.type === 'shared'
      ? ctx.minDurationHours
      : Math.min(ctx.minDurationHours, CHARTER_HOUR);
  if (end <= start) problems.end = 'endBeforeStart';
  else if (shortest != null && hours < shortest) problems.end = 'tooShort';
  else if (ctx.maxDurationHours != null && hours > ctx.maxDurationHours) problems.end = 'tooLong';

  if (input.type === 'shared') {
    if (!((input.seatsTotal ?? 0) > 0)) problems.seatsTotal = 'seatsRequired';
    else if (ctx.capacity != null && (input.seatsTotal ?? 0) > ctx.capacity)
      problems.seatsTotal = 'aboveCapacity';
    else if (ctx.minSeatsToDepart != null && (input.seatsTotal ?? 0) < ctx.minSeatsToDepart)
      problems.seatsTotal = 'belowMinimum';
    if ((input.seatPrice ?? 0) < 0 || Number.isNaN(input.seatPrice)) problems.seatPrice = 'negativePrice';
  }
  return problems;
}

export function hasSlotProblems(problems: SlotProblems): boolean {
  return Object.keys(problems).length > 0;
}

/**
 * Admin "remaining seats" stepper: remaining is clamped to 0..total and taken follows
 * (docs/product.md §4 "Slot editing").
 */
export function setRemainingSeats(slot: { seatsTotal: number }, remaining: number): { seatsTaken: number } {
  const total = Math.max(0, Math.floor(slot.seatsTotal));
  const clamped = Math.min(total, Math.max(0, Number.isFinite(remaining) ? Math.floor(remaining) : 0));
  return { seatsTaken: total - clamped };
}
