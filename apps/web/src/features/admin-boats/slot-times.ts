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
