// The reminder before a trip: once per booking, REMINDER_HOURS_BEFORE hours before departure.
// Claiming sets reminder_sent_at in the same statement that picks the bookings (SKIP LOCKED),
// and its event (which the e-mail job renders) is written in that transaction, so several
// server instances never send two.
// A booking paid inside the reminder window is skipped: its confirmation has just gone out.
import { UPCOMING_STATUSES } from '@boats/domain/booking-status';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { emitEvent } from '../events/domain-events';

const HOUR_MS = 3_600_000;

/** Marks the due bookings as reminded and answers their ids, in the caller's transaction. */
async function claimDueReminders(tx: Db, now: Date, hoursBefore: number, batch = 100): Promise<string[]> {
  const until = new Date(now.getTime() + hoursBefore * HOUR_MS).toISOString();
  const result = await tx.execute(sql`
    with due as (
      select id from bookings
      where ${inArray(bookings.status, UPCOMING_STATUSES)}
        and reminder_sent_at is null
        and customer_email <> ''
        and starts_at > ${now.toISOString()}
        and starts_at <= ${until}
        and paid_at <= starts_at - make_interval(hours => ${hoursBefore})
      order by starts_at
      limit ${batch}
      for update skip locked
    )
    update bookings b set reminder_sent_at = ${now.toISOString()}
    from due where b.id = due.id
    returning b.id`);
  return (result as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** The job: claims the due reminders and emits booking.reminder_due for each in the same transaction. */
export async function sendTripReminders(ctx: AppContext): Promise<number> {
  const hours = ctx.config.REMINDER_HOURS_BEFORE;
  if (hours <= 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const ids = await claimDueReminders(tx, ctx.now(), hours);
    for (const id of ids) await emitEvent(tx, { kind: 'booking.reminder_due', bookingId: id, payload: {} });
    return ids.length;
  });
}
