// The live-hold rule, once: a pending booking holds its seats or charter hours until its
// hold_expires_at; at that instant it stops counting, before any sweep records it.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The instant a rule is read at: a Date, or a prepared statement's placeholder for its ISO text. */
export type Instant = Date | Placeholder;

const at = (now: Instant) => (now instanceof Date ? now.toISOString() : now);

/**
 * SQL: the booking (table or alias `b`, default the bookings table) is a live unpaid hold.
 * Pass the alias as raw SQL, e.g. sql.raw('b').
 */
export function isLiveHold(now: Instant, b: SQL = sql.raw('"bookings"')): SQL {
  return sql`(${b}.status = 'pending' and ${b}.hold_expires_at > ${at(now)})`;
}

/** SQL: the booking is an unpaid hold that has lapsed (the sweep cancels it). */
export function isLapsedHold(now: Instant, b: SQL = sql.raw('"bookings"')): SQL {
  return sql`(${b}.status = 'pending' and ${b}.hold_expires_at <= ${at(now)})`;
}

/** The same rule on a loaded booking: pending, and its hold not yet expired at `now`. */
export function holdIsLive<B extends { status: string; holdExpiresAt: Date | null }>(
  booking: B,
  now: Date,
): booking is B & { holdExpiresAt: Date } {
  return booking.status === 'pending' && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
}
