/**
 * Request-to-book (docs/payments.md#request-to-book): on a boat its owner set to `request`, the
 * customer's card is authorized, not charged, and the owner accepts or declines. The rules the
 * server, the back office and the booking pages share.
 */
const HOUR_MS = 3_600_000;

export const BOOKING_MODES = ['instant', 'request'] as const;
export type BookingMode = (typeof BOOKING_MODES)[number];

/** Never later than this before departure: the customer must know in time to plan. */
export const REQUEST_LAST_ANSWER_HOURS_BEFORE = 12;
export const DEFAULT_REQUEST_HOURS = 24;

/**
 * How a boat sells: what its owner chose, unless the platform admin forced instant booking.
 */
export function effectiveBookingMode(boat: {
  bookingMode: BookingMode;
  instantForced: boolean;
}): BookingMode {
  return boat.instantForced ? 'instant' : boat.bookingMode;
}

/**
 * When an unanswered request lapses: `requestHours` after the card was authorized, and never
 * later than REQUEST_LAST_ANSWER_HOURS_BEFORE before departure.
 */
export function requestDeadline(authorizedAt: Date, startsAt: Date, requestHours: number): Date {
  const byHours = authorizedAt.getTime() + requestHours * HOUR_MS;
  const beforeDeparture = startsAt.getTime() - REQUEST_LAST_ANSWER_HOURS_BEFORE * HOUR_MS;
  return new Date(Math.min(byHours, beforeDeparture));
}

/**
 * Whether a request made now could still be answered in time: a trip closer than
 * REQUEST_LAST_ANSWER_HOURS_BEFORE (plus a minimum answer window) cannot be requested.
 */
export function canRequestAt(now: Date, startsAt: Date, minAnswerMinutes = 60): boolean {
  return (
    requestDeadline(now, startsAt, Number.POSITIVE_INFINITY).getTime() - now.getTime() >=
    minAnswerMinutes * 60_000
  );
}
