// The waitlist of a full shared trip (docs/public-site.md#waitlist): who is offered freed seats,
// and until when an entry counts. Pure: the server calls these under the trip's row lock.

/** An offer of freed seats holds them this long by default (WAITLIST_HOLD_MINUTES). */
export const DEFAULT_WAITLIST_HOLD_MINUTES = 30;
/** The most seats one entry may ask for. */
export const MAX_WAITLIST_SEATS = 50;

/** `client`: the address the entry was made from (null for entries older than the rule). */
export type WaitingEntry = { id: string; seats: number; client: string | null };

/**
 * The entries offered seats now, in waitlist order: each whose seats still fit in what is free
 * after the entries before it, and in what its client may still hold (`clientRoom`: the seats
 * that address may hold on the trip beside its live holds, the checkout's limit), so one address
 * cannot take every freed seat through several entries. One that does not fit keeps its place
 * for the next release; the offers never add up to more than `free`.
 */
export function entriesToOffer<E extends WaitingEntry>(
  free: number,
  waiting: readonly E[],
  clientRoom: (client: string) => number,
): E[] {
  const offered: E[] = [];
  const room = new Map<string, number>();
  let left = free;
  for (const entry of waiting) {
    if (left <= 0) break;
    if (entry.seats > left) continue;
    if (entry.client !== null) {
      const clientLeft = room.get(entry.client) ?? clientRoom(entry.client);
      if (entry.seats > clientLeft) continue;
      room.set(entry.client, clientLeft - entry.seats);
    }
    offered.push(entry);
    left -= entry.seats;
  }
  return offered;
}

/** A trip takes waitlist entries (and makes offers) only until it departs. */
export function waitlistOpen(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() > now.getTime();
}
