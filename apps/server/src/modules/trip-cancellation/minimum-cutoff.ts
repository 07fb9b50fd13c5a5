// The minimum-to-depart cutoff job: a shared trip whose paid seats are below its boat's minimum
// when the boat's cutoff (hours before departure) comes is canceled and refunded, with an
// e-mail to each customer. Trips the operator waived are left alone. Safe on several instances
// at once: cancelTrip's first step runs once per trip under the slot's row lock.
import { isCutoffDue } from '@boats/domain/trip-state';
import type { AppContext } from '../../context';
import { EVERY_OWNER } from '../owner-scope/owner-scope';
import { tripFacts } from '../trips/trip-mapper';
import { tripsStartingIn } from '../trips/trips-repository';
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
  return due.length;
}
