// The live-hold rule, once: a pending booking holds its seats or charter hours until its
// hold_expires_at; at that instant it stops counting, before any sweep records it.
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL: the booking (table or alias `b`, default the bookings table) is a live unpaid hold.
 * Pass the alias as raw SQL, e.g. sql.raw('b').
 */
export function isLiveHold(now: Date, b: SQL = sql.raw('"bookings"')): SQL {
  return sql`(${b}.status = 'pending' and ${b}.hold_expires_at > ${now.toISOString()})`;
}

/** SQL: the booking is an unpaid hold that has lapsed (the sweep cancels it). */
export function isLapsedHold(now: Date, b: SQL = sql.raw('"bookings"')): SQL {
  return sql`(${b}.status = 'pending' and ${b}.hold_expires_at <= ${now.toISOString()})`;
}
