// The waitlist of a full shared trip (docs/public-site.md#waitlist): who is offered freed seats,
// and until when an entry counts. Pure: the server calls these under the trip's row lock.

/** An offer of freed seats holds them this long by default (WAITLIST_HOLD_MINUTES). */
export const DEFAULT_WAITLIST_HOLD_MINUTES = 30;
/** The most seats one entry may ask for. */
export const MAX_WAITLIST_SEATS = 50;

export type WaitingEntry = { id: string; seats: number };

/**
 * The entries offered seats now, in waitlist order: each whose seats still fit in what is free
 * after the entries before it. One wanting more than is left keeps its place for the next
 * release; the offers never add up to more than `free`.
 */
export function entriesToOffer<E extends WaitingEntry>(free: number, waiting: readonly E[]): E[] {
  const offered: E[] = [];
  let left = free;
  for (const entry of waiting) {
    if (left <= 0) break;
    if (entry.seats > left) continue;
    offered.push(entry);
    left -= entry.seats;
  }
  return offered;
}

/** A trip takes waitlist entries (and makes offers) only until it departs. */
export function waitlistOpen(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() > now.getTime();
}
