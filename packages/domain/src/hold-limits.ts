// What one client may hold, unpaid, on one shared trip (docs/security.md): at most
// MAX_HELD_SEATS_PER_TRIP seats and at most MAX_HELD_SHARE_PER_TRIP_PERCENT of the trip's seats.
// Without it a script could hold every seat of a trip for free and real customers would see
// "sold out". A checkout's hold and a waitlist offer are measured against the same limit.

/** The server's settings of the same names. */
export type HoldLimits = { MAX_HELD_SEATS_PER_TRIP: number; MAX_HELD_SHARE_PER_TRIP_PERCENT: number };

/** The most seats one client may hold on a trip of `seatsTotal` seats (at least 1). */
export function maxSeatsHeldPerClient(limits: HoldLimits, seatsTotal: number): number {
  const share = Math.floor((seatsTotal * limits.MAX_HELD_SHARE_PER_TRIP_PERCENT) / 100);
  return Math.max(1, Math.min(limits.MAX_HELD_SEATS_PER_TRIP, share));
}
