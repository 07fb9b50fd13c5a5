/**
 * Charter duration: a private booking may run over several consecutive private slots. From the
 * chosen start slot, the chain continues while the next slot starts exactly where the previous
 * one ends and is open and not taken. A gap, a closed slot or a taken slot ends it.
 */

import type { InstantInput } from './canary-time';
import { toInstant } from './canary-time';

export const DEFAULT_DURATION_HOURS = 2;
export const DEFAULT_MIN_DURATION_HOURS = 1;

const HOUR_MS = 3_600_000;

export interface ChainSlot {
  _id: string;
  start: InstantInput;
  end: InstantInput;
  isOpen: boolean;
  /** Set by the server when a booking or an unexpired hold occupies the slot; absent = free. */
  available?: boolean;
}

const startMs = (s: ChainSlot) => toInstant(s.start).getTime();
const endMs = (s: ChainSlot) => toInstant(s.end).getTime();

function usable(s: ChainSlot): boolean {
  // A slot that does not move time forward would let the chain loop on itself.
  return s.isOpen && s.available !== false && endMs(s) > startMs(s);
}

/**
 * The contiguous run of usable slots beginning with `startSlotId`, in time order. Empty when the
 * start slot is unknown, closed or taken. Slots that overlap the chain (which the admin rules
 * forbid) are skipped, not followed.
 */
export function charterChain<S extends ChainSlot>(privateSlots: readonly S[], startSlotId: string): S[] {
  const first = privateSlots.find((s) => s._id === startSlotId);
  if (!first || !usable(first)) return [];
  const byStart = new Map<number, S[]>();
  for (const s of privateSlots) {
    if (!usable(s)) continue;
    const list = byStart.get(startMs(s)) ?? [];
    list.push(s);
    byStart.set(startMs(s), list);
  }
  const chain: S[] = [first];
  let current = first;
  for (;;) {
    const next = byStart.get(endMs(current))?.find((s) => !chain.includes(s));
    if (!next) return chain;
    chain.push(next);
    current = next;
  }
}

/** Total length of a chain in hours (fractional when slots are not whole hours). */
export function chainHours(chain: readonly ChainSlot[]): number {
  const first = chain[0];
  const last = chain[chain.length - 1];
  if (!first || !last) return 0;
  return (endMs(last) - startMs(first)) / HOUR_MS;
}

/** Whole hours the chain can hold, capped by the boat's maximum when it has one. */
export function charterMaxHours(chain: readonly ChainSlot[], boatMaxHours?: number | null): number {
  const whole = Math.floor(chainHours(chain) + 1e-9);
  if (boatMaxHours == null || !Number.isFinite(boatMaxHours)) return whole;
  return Math.max(0, Math.min(whole, Math.floor(boatMaxHours)));
}

export interface DurationRange {
  min: number;
  max: number;
}

/**
 * Hours the customer may choose from `startSlotId`: from the boat minimum (default 1) to the
 * smaller of the boat maximum and the chain. null when even the minimum does not fit, which
 * the UI shows as "this start time is not available for a charter".
 */
export function charterDurationRange(
  boat: { minDurationHours?: number | null; maxDurationHours?: number | null },
  privateSlots: readonly ChainSlot[],
  startSlotId: string,
): DurationRange | null {
  const min = Math.max(1, Math.ceil(boat.minDurationHours ?? DEFAULT_MIN_DURATION_HOURS));
  const max = charterMaxHours(charterChain(privateSlots, startSlotId), boat.maxDurationHours);
  return max >= min ? { min, max } : null;
}

/** The default slider position: 2 hours, pulled into the range. */
export function defaultDuration(range: DurationRange): number {
  return Math.min(range.max, Math.max(range.min, DEFAULT_DURATION_HOURS));
}

export function isDurationInRange(hours: number, range: DurationRange | null): boolean {
  return range !== null && Number.isInteger(hours) && hours >= range.min && hours <= range.max;
}

/**
 * The slots a charter of `hours` from the chain start occupies: whole slots, from the first,
 * until their total length reaches `hours`. If slots are longer than an hour the last one may
 * run past the booking's end; it is still occupied as a whole (slots are never split), while
 * the booking itself ends at chain start + hours (see charterEnd). Empty when the chain is too
 * short or hours is not positive.
 */
export function slotsForDuration<S extends ChainSlot>(chain: readonly S[], hours: number): S[] {
  const first = chain[0];
  if (!first || !(hours > 0) || chainHours(chain) + 1e-9 < hours) return [];
  const bookingEnd = startMs(first) + hours * HOUR_MS;
  return chain.filter((s) => startMs(s) < bookingEnd);
}

/** When a charter of `hours` starting at the chain's first slot ends. */
export function charterEnd(chain: readonly ChainSlot[], hours: number): Date | null {
  const first = chain[0];
  return first ? new Date(startMs(first) + hours * HOUR_MS) : null;
}
