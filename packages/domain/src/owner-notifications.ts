/**
 * What an owner is told about the bookings on their boats (docs/back-office.md#owners-notifications):
 * which booking events are news to the owner, as one of the kinds an owner may switch off.
 * The server's event consumer asks `ownerNotificationOf` for each domain event; what the owner
 * did themselves is left out there (it knows who the owner's accounts are).
 */
import { addDays, canaryDateKey, canaryInstant } from './canary-time';
import { OWNER_SUSPENDED_CAUSE } from './schemas/upcoming-bookings';

export const OWNER_NOTIFICATION_KINDS = [
  // A booking was sold: paid by card, a request accepted by the platform, a walk-in, a reseller's.
  'new_booking',
  // A sold booking was canceled by its customer, the operator or a reseller.
  'canceled',
  // Money went back to a customer by the operator's decision (the amount refunded and what the
  // booking keeps); a refund that follows a cancellation or a move is told with it.
  'refunded',
  // A booking moved to another trip: a reschedule by its customer, or a move after a cancellation.
  'moved',
  // The whole trip was canceled: weather (the operator) or the minimum to depart (the cutoff).
  'trip_canceled',
  // A request-to-book lapsed unanswered.
  'request_lapsed',
] as const;
export type OwnerNotificationKind = (typeof OWNER_NOTIFICATION_KINDS)[number];

/** The Canary hour the daily digest goes out, listing the changes since the previous one. */
export const OWNER_DIGEST_HOUR = '19:00';

/** An owner's notification, read from a domain event. */
export type OwnerNotice = {
  kind: OwnerNotificationKind;
  /** Two events that are one change for the owner (a trip's bookings canceled with it) share it. */
  key: string;
  /** Who made the change: 'customer', 'system', 'provider', or a person's e-mail. */
  actor: string;
};

type EventLike = {
  id: number | string;
  kind: string;
  bookingId: string | null;
  payload: Record<string, unknown>;
};

const SOLD = new Set(['paid', 'confirmed']);
/**
 * Refunds that are no news of their own: money of a booking never sold (a late or released
 * payment), or told with the change that caused them (the customer's cancellation under the
 * policy, the trip's cancellation and the customer's answer to it, the move to a cheaper trip, the
 * owner's suspension).
 */
const REFUNDS_TOLD_ELSEWHERE = new Set([
  OWNER_SUSPENDED_CAUSE,
  'late_payment',
  'released',
  'customer_policy',
  'weather',
  'minimum',
  'trip_change',
  'reschedule',
]);

/** The owner's notice an event means, or null when it is no news to the owner. */
export function ownerNotificationOf(event: EventLike, slotId: string | null = null): OwnerNotice | null {
  const p = event.payload;
  const actor = typeof p.actor === 'string' ? p.actor : 'system';
  const own = (kind: OwnerNotificationKind): OwnerNotice => ({ kind, key: `event:${event.id}`, actor });
  if (event.kind === 'refund.succeeded') {
    return REFUNDS_TOLD_ELSEWHERE.has(String(p.cause)) ? null : own('refunded');
  }
  if (event.kind !== 'booking.status_changed') return null;
  const { from, to, code } = p;
  // The platform suspended the owner: its one e-mail to them lists what became of their bookings.
  if ((p.params as Record<string, unknown> | undefined)?.cause === OWNER_SUSPENDED_CAUSE) return null;
  if (code === 'rescheduled' || code === 'trip_moved') return own('moved');
  if (code === 'trip_canceled') {
    // One notice per canceled trip, however many bookings it had.
    return { kind: 'trip_canceled', key: slotId ? `trip:${slotId}` : `event:${event.id}`, actor };
  }
  if (code === 'request_expired') return own('request_lapsed');
  if (to === 'paid' && (from === 'pending' || from === 'requested')) return own('new_booking');
  if (to === 'canceled' && typeof from === 'string' && SOLD.has(from)) return own('canceled');
  return null;
}

/**
 * The latest digest instant at or before `now`: today's OWNER_DIGEST_HOUR in the Canaries when
 * it has passed, else yesterday's. A digest lists what happened before it.
 */
export function latestDigestAt(now: Date): Date {
  const today = canaryInstant(canaryDateKey(now), OWNER_DIGEST_HOUR);
  return today <= now ? today : canaryInstant(addDays(canaryDateKey(now), -1), OWNER_DIGEST_HOUR);
}
