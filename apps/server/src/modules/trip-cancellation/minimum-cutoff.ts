// The minimum-to-depart cutoff job: a shared trip whose paid seats are below its boat's minimum
// when the boat's cutoff (hours before departure) comes is canceled and refunded, with an
// e-mail to each customer. Trips the operator waived are left alone. Safe on several instances
// at once: cancelTrip's first step runs once per trip under the slot's row lock.
// A trip that reached its minimum (or was waived) runs: each customer who paid before the cutoff
// is e-mailed so once, as they were told they would be either way (docs/public-site.md).
import { UPCOMING_STATUSES } from '@boats/domain/booking-status';
import { cutoffAt, isCutoffDue, runsPastCutoff } from '@boats/domain/trip-state';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { emitEvent } from '../events/domain-events';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { tripFacts } from '../trips/trip-mapper';
import { tripsStartingIn, type TripRow } from '../trips/trips-repository';
import { cancelTrip } from './trip-cancellation-service';

/** The longest cutoff a boat may set (boats_cutoff_check), so no due trip is missed. */
const MAX_CUTOFF_HOURS = 168;

export async function cancelTripsBelowMinimum(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const ahead = { start: now, end: new Date(now.getTime() + MAX_CUTOFF_HOURS * 3_600_000) };
  // Only a shared trip still sailing can fall below its minimum: a week of every boat's trips
  // with their sales, read every 30 s, cost the database a second at 200 boats.
  const shared = await tripsStartingIn(ctx.db, EVERY_OWNER, ahead, now, { sharedNotCanceled: true });
  const due = shared.filter((trip) => isCutoffDue(tripFacts(trip), now));
  for (const trip of due) {
    await cancelTrip(ctx, EVERY_OWNER, trip.id, {
      cause: 'minimum',
      offer: 'refund',
      reasonCode: null,
      note: `Fewer than ${trip.minSeatsToDepart} paid seats ${trip.cutoffHours} hours before departure`,
      actor: 'system',
    });
  }
  for (const trip of shared.filter((t) => runsPastCutoff(tripFacts(t), now)))
    await tellTripRuns(ctx, trip, now);
  return due.length;
}

/**
 * Marks the trip's bookings paid before its cutoff and not yet told as told, and emits
 * booking.trip_runs for each in the same transaction (SKIP LOCKED: several instances never
 * send two), as the reminders do.
 */
async function tellTripRuns(ctx: AppContext, trip: TripRow, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select id from bookings
        where slot_id = ${trip.id}
          and ${inArray(bookings.status, UPCOMING_STATUSES)}
          and trip_runs_sent_at is null
          and customer_email <> ''
          and paid_at <= ${cutoffAt(tripFacts(trip)).toISOString()}
        for update skip locked
      )
      update bookings b set trip_runs_sent_at = ${now.toISOString()}
      from due where b.id = due.id
      returning b.id`);
    for (const { id } of (result as { rows: { id: string }[] }).rows)
      await emitEvent(tx, { kind: 'booking.trip_runs', bookingId: id, payload: {} });
  });
}
