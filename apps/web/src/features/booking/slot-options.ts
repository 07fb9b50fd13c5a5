// Which days and start times are bookable, decided from the month's slots in Canary time.
import { canaryDateKey, hoursBetween, isPast } from '@boats/domain/canary-time';
import { charterDurationRange, type DurationRange } from '@boats/domain/charter';
import { startPriceCents } from '@boats/domain/boat-card';
import type { Boat } from '@boats/domain/schemas/boat';
import type { Slot } from '@boats/domain/schemas/slot';
import type { Mode } from './selection-state';

/** `full`: a shared trip with no seat left, offered for its waitlist (docs/public-site.md#waitlist). */
export type StartOption = { slot: Slot; range: DurationRange | null; hours: number; full?: boolean };

function bookable(
  slot: Slot,
  mode: Mode,
  boat: Boat,
  privateSlots: readonly Slot[],
  now: Date,
): StartOption | null {
  if (!slot.isOpen || isPast(slot.start, now)) return null;
  if (mode === 'shared') {
    return { slot, range: null, hours: hoursBetween(slot.start, slot.end), full: slot.seatsLeft <= 0 };
  }
  if (slot.available === false) return null;
  const range = charterDurationRange(boat, privateSlots, slot._id);
  return range ? { slot, range, hours: range.max } : null;
}

/** Bookable starts of the mode, grouped by Canary day and sorted by time. */
export function startOptionsByDay(
  boat: Boat,
  availability: { private: Slot[]; shared: Slot[] },
  mode: Mode,
  now: Date,
): Map<string, StartOption[]> {
  const slots = mode === 'private' ? availability.private : availability.shared;
  const byDay = new Map<string, StartOption[]>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of sorted) {
    const option = bookable(slot, mode, boat, availability.private, now);
    if (!option) continue;
    const key = canaryDateKey(slot.start);
    const list = byDay.get(key) ?? [];
    list.push(option);
    byDay.set(key, list);
  }
  return byDay;
}

/**
 * The lowest price of each day's bookable starts, in cents, for the calendar: one adult's seat
 * for a shared trip, one hour of a charter, with the boat's price rules (domain startPriceCents).
 */
export function lowestPriceByDay(
  boat: Boat,
  byDay: ReadonlyMap<string, readonly StartOption[]>,
  mode: Mode,
): Map<string, number> {
  const lowest = new Map<string, number>();
  for (const [day, options] of byDay) {
    const prices = options.map((o) => startPriceCents(boat, mode, o.slot));
    if (prices.length > 0) lowest.set(day, Math.min(...prices));
  }
  return lowest;
}
