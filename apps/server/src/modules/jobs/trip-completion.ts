// Paid and confirmed bookings whose trip has ended become completed, through the lifecycle;
// rows another transaction holds are left for the next run.
import { UPCOMING_STATUSES } from '@boats/domain/booking-status';
import { and, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { transition } from '../bookings/lifecycle';

const BATCH = 200;

export async function completeEndedTrips(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = and(inArray(bookings.status, UPCOMING_STATUSES), lte(bookings.endsAt, now));
  const ids = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(due)
    .orderBy(bookings.endsAt)
    .limit(BATCH);
  let completed = 0;
  for (const { id } of ids) {
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(bookings)
        .where(and(inArray(bookings.id, [id]), due))
        .for('update', { skipLocked: true });
      if (!row) return false;
      await transition(ctx, tx, row, 'completed', { actor: 'system', code: 'trip_ended' });
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}
