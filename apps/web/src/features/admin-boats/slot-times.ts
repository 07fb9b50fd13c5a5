// Slot times as the panel shows them: HH:mm in Canary time, and a default end a few whole hours
// after a start. Turning typed times back into instants is the slot form schema's job.
import { canaryTimeLabel } from '@boats/domain/canary-time';

export function timeOf(iso: string): string {
  return canaryTimeLabel(iso);
}

/** 'HH:mm' plus whole hours, kept within the day (23:00 at most) for a default end time. */
export function addHoursToTime(time: string, hours: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const end = Math.min(h + Math.max(1, Math.floor(hours)), 23);
  return `${String(end).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
