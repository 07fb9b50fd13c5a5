// What the crew may read of the passengers (docs/security.md#crew-and-manifests): the manifests
// (names, phone numbers, tickets) of the trips they sail on, today and the next few days by the
// Canary calendar, not every customer's number from every past and future trip. Admins read all.
import { addDays, canaryDateKey, type InstantInput } from './canary-time';

/** Days after today whose manifests the crew may read (today's too). */
export const CREW_DAYS_AHEAD = 2;

/** Whether the crew may read the manifest of a trip leaving at `start`. */
export function crewMayReadManifest(start: InstantInput, now: Date): boolean {
  const today = canaryDateKey(now);
  const day = canaryDateKey(start);
  return day >= today && day <= addDays(today, CREW_DAYS_AHEAD);
}
