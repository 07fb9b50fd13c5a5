// What a ticket's check-in answers, one rule for the server (modules/trips/checkin-service.ts)
// and for a crew phone without signal, which decides on its saved manifests
// (apps/web/src/features/trips/offline). In this order: the booking no longer travels, its trip is
// another Canary day than the scan's, it is another trip than the one being boarded, it boarded
// already; otherwise it boards.
import { canaryDateKey, type InstantInput } from './canary-time';

export type CheckinVerdict = 'canceled' | 'not_today' | 'wrong_trip' | 'already' | 'board';

export type CheckinTicketFacts = {
  /** The booking still travels (paid, confirmed, completed). */
  travels: boolean;
  /** When its trip leaves. */
  start: InstantInput;
  /** The trips (slots) it travels on: the shared trip, or each slot of a charter. */
  slotIds: readonly string[];
  boarded: boolean;
};

export function checkinVerdict(
  ticket: CheckinTicketFacts,
  scan: { at: Date; slotId?: string | undefined },
): CheckinVerdict {
  if (!ticket.travels) return 'canceled';
  if (canaryDateKey(ticket.start) !== canaryDateKey(scan.at)) return 'not_today';
  if (scan.slotId && !ticket.slotIds.includes(scan.slotId)) return 'wrong_trip';
  if (ticket.boarded) return 'already';
  return 'board';
}

/**
 * How old a check-in recorded on a phone without signal may be when it reaches the server: a
 * day's trips and the night after, so a phone that found signal only the next morning still
 * sends the day's boardings, while no one can backdate a boarding by weeks.
 */
export const OFFLINE_CHECKIN_MAX_AGE_HOURS = 36;

/**
 * The time a check-in is recorded at: when the phone scanned it, or now when it was sent at
 * once. A phone whose clock runs ahead does not board anyone in the future: now then. Null when
 * the scan is older than OFFLINE_CHECKIN_MAX_AGE_HOURS.
 */
export function checkinTime(scannedAt: Date | undefined, now: Date): Date | null {
  if (!scannedAt) return now;
  if (now.getTime() - scannedAt.getTime() > OFFLINE_CHECKIN_MAX_AGE_HOURS * 3_600_000) return null;
  return scannedAt.getTime() > now.getTime() ? now : scannedAt;
}
