// Which days and start times are bookable, decided from the month's slots in Canary time.
import { canaryDateKey, hoursBetween, isPast } from '@boats/domain/canary-time';
import { charterDurationRange, type DurationRange } from '@boats/domain/charter';
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
