// Paid and confirmed bookings whose trip has ended become completed, with a history row, in
// one statement; rows another transaction holds are left for the next run.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

export async function completeEndedTrips(ctx: AppContext): Promise<number> {
  const now = ctx.now().toISOString();
  const result = await ctx.db.execute(sql`
    with due as (
      select id, status from bookings
      where status in ('paid', 'confirmed') and ends_at <= ${now}
      order by ends_at
      limit 500
      for update skip locked
    ), done as (
      update bookings b set status = 'completed', updated_at = now()
      from due where b.id = due.id
      returning b.id, due.status as from_status
    )
    insert into booking_history (booking_id, actor, from_status, to_status, reason, at)
    select id, 'system', from_status, 'completed', 'Trip ended', ${now} from done
    returning booking_id`);
  // Both drivers (node-postgres and PGlite) answer { rows }.
  return (result as { rows: unknown[] }).rows.length;
}
