// Slot start and end as HH:mm on a Canary day, and back. An end that was on a later day (a
// trip past midnight) stays there while its time is not edited.
import { canaryDateKey, canaryInstant, canaryTimeLabel } from '@boats/domain/canary-time';

export function timeOf(iso: string): string {
  return canaryTimeLabel(iso);
}

export function instantOn(day: string, time: string): string {
  return canaryInstant(day, time).toISOString();
}

export function endInstant(day: string, time: string, original?: string): string {
  if (original && timeOf(original) === time && canaryDateKey(original) > day) return original;
  return instantOn(day, time);
}

export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:mm' plus whole hours, kept within the day (23:00 at most) for a default end time. */
export function addHoursToTime(time: string, hours: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const end = Math.min(h + Math.max(1, Math.floor(hours)), 23);
  return `${String(end).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
