/**
 * PAYOUT_SCHEDULE: when payout runs happen, in Canary time — a weekday and a time ("mon 06:00",
 * the default), "daily 06:00", or "off".
 */
import { addDays, canaryDateKey, canaryInstant } from './canary-time';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const SCHEDULE = /^(mon|tue|wed|thu|fri|sat|sun|daily) ([01]\d|2[0-3]):([0-5]\d)$/;

export const isPayoutSchedule = (value: string): boolean => value === 'off' || SCHEDULE.test(value);

/** The latest scheduled run at or before `now`; null when the schedule is off. */
export function latestScheduledRun(schedule: string, now: Date): Date | null {
  const match = SCHEDULE.exec(schedule);
  if (!match) return null;
  const [, day, hh, mm] = match as unknown as [string, string, string, string];
  const today = canaryDateKey(now);
  for (let back = 0; back <= 7; back += 1) {
    const key = addDays(today, -back);
    const [y, m, d] = key.split('-').map(Number) as [number, number, number];
    const weekday = DAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    if (day !== 'daily' && day !== weekday) continue;
    const at = canaryInstant(key, `${hh}:${mm}`);
    if (at.getTime() <= now.getTime()) return at;
  }
  return null;
}
