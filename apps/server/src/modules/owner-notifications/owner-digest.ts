// The owners' daily digest (docs/back-office.md#owners-notifications): at OWNER_DIGEST_HOUR
// (Canary time) each owner with notices not yet e-mailed, from before that hour, gets one e-mail
// listing them. The notices are claimed (FOR UPDATE SKIP LOCKED) and marked in the transaction
// that queues the e-mail, so two instances or a second run send nothing twice; a notice after
// the hour waits for the next day's. Nothing is sent to an owner with nothing new.
import { latestDigestAt } from '@boats/domain/owner-notifications';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import { enqueueEmail } from '../mail/outbox';
import { ownerDigestEmail, type OwnerNotice } from '../mail/owner-notification-emails';
import { markedAsTestBooking } from '../mail/test-booking-mark';
import type { OwnerNotificationKind } from '@boats/domain/owner-notifications';

type DueRow = {
  id: number;
  ownerId: string;
  kind: OwnerNotificationKind;
  params: Record<string, string | number>;
  bookingId: string | null;
  boatTitle: LocalizedText;
  startsAt: Date | string;
  endsAt: Date | string;
  customerName: string;
  amountGrossCents: number;
  email: string;
  language: string;
  displayName: string;
};

/** The job: one digest per owner with notices before today's digest hour; answers how many. */
export async function sendOwnerDigests(ctx: AppContext): Promise<number> {
  const cutoff = latestDigestAt(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const due = await tx.execute<DueRow>(sql`
      select n.id, n.owner_id as "ownerId", n.kind, n.params, n.booking_id as "bookingId",
        bo.title as "boatTitle", b.starts_at as "startsAt", b.ends_at as "endsAt",
        b.customer_name as "customerName", b.amount_gross_cents as "amountGrossCents",
        o.email, o.language, o.display_name as "displayName"
      from owner_notifications n
      join owners o on o.id = n.owner_id
      join bookings b on b.id = n.booking_id
      join boats bo on bo.id = b.boat_id
      where n.emailed_at is null and n.created_at < ${cutoff.toISOString()}
      order by n.owner_id, n.id
      for update of n skip locked`);
    const rows = (due as { rows: DueRow[] }).rows;
    const byOwner = new Map<string, DueRow[]>();
    for (const row of rows) byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
    for (const notices of byOwner.values()) {
      const first = notices[0]!;
      const email = ownerDigestEmail(
        { email: first.email, language: first.language, name: first.displayName },
        ctx.config.publicUrl,
        cutoff,
        notices.map((n): OwnerNotice => ({
          kind: n.kind,
          params: n.params,
          bookingId: n.bookingId,
          boatTitle: n.boatTitle,
          startsAt: new Date(n.startsAt),
          endsAt: new Date(n.endsAt),
          customerName: n.customerName,
          amountGrossCents: Number(n.amountGrossCents),
        })),
      );
      await enqueueEmail(tx, ctx.config.testBookings ? markedAsTestBooking(email) : email);
    }
    if (rows.length > 0) {
      await tx.execute(sql`update owner_notifications set emailed_at = ${ctx.now().toISOString()}
        where id in (${sql.join(
          rows.map((r) => sql`${Number(r.id)}`),
          sql`, `,
        )})`);
    }
    return byOwner.size;
  });
}
