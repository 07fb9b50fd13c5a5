/**
 * Recurring schedules: a weekly pattern (weekdays, start times, duration, date range) expanded
 * into slots on Canary wall-clock times, so 10:00 stays 10:00 across the DST switches. The plan
 * says which slots will be created and which are skipped and why; the preview and the creation
 * run the same plan, so what is created matches what was previewed.
 */
import { addDays, canaryInstant, isDateKey } from './canary-time';

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface WeeklyPattern {
  weekdays: readonly number[];
  /** Canary wall-clock times, 'HH:mm'. */
  startTimes: readonly string[];
  durationHours: number;
  /** First and last Canary day, inclusive. */
  from: string;
  to: string;
}

export interface PlannedSlot {
  start: Date;
  end: Date;
}

export const SKIP_REASONS = ['overlap', 'past', 'pattern_overlap'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface SchedulePlan {
  create: PlannedSlot[];
  skipped: (PlannedSlot & { reason: SkipReason })[];
}

/** Most days one pattern may cover, so a typo in the year cannot create thousands of slots. */
export const SCHEDULE_MAX_DAYS = 366;

function isoWeekday(dateKey: string): number {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** Every occurrence of the pattern, in time order. */
export function expandWeeklyPattern(pattern: WeeklyPattern): PlannedSlot[] {
  if (!isDateKey(pattern.from) || !isDateKey(pattern.to)) return [];
  const days = new Set(pattern.weekdays);
  const times = [...new Set(pattern.startTimes)].sort();
  const out: PlannedSlot[] = [];
  for (
    let day = pattern.from, n = 0;
    day <= pattern.to && n < SCHEDULE_MAX_DAYS;
    day = addDays(day, 1), n++
  ) {
    if (!days.has(isoWeekday(day))) continue;
    for (const time of times) {
      const start = canaryInstant(day, time);
      out.push({ start, end: new Date(start.getTime() + pattern.durationHours * 3_600_000) });
    }
  }
  return out;
}

const overlaps = (a: PlannedSlot, b: { start: Date; end: Date }) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * What a pattern would create next to the boat's existing slots: occurrences that start in the
 * past, overlap an existing slot, or overlap an earlier occurrence of the same pattern (two
 * start times closer than the duration) are skipped with their reason.
 */
export function planSchedule(
  pattern: WeeklyPattern,
  existing: readonly { start: Date; end: Date }[],
  now: Date,
): SchedulePlan {
  const plan: SchedulePlan = { create: [], skipped: [] };
  for (const slot of expandWeeklyPattern(pattern)) {
    if (slot.start.getTime() <= now.getTime()) plan.skipped.push({ ...slot, reason: 'past' });
    else if (existing.some((e) => overlaps(slot, e))) plan.skipped.push({ ...slot, reason: 'overlap' });
    else if (plan.create.some((c) => overlaps(slot, c)))
      plan.skipped.push({ ...slot, reason: 'pattern_overlap' });
    else plan.create.push(slot);
  }
  return plan;
}
