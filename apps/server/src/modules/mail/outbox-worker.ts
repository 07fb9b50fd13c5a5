// Delivers the outbox. Each run leases a batch (attempts + 1, next try pushed out) with
// FOR UPDATE SKIP LOCKED, so several server instances never send the same e-mail; a failure
// is retried with exponential backoff and never touches the booking that caused the e-mail.
// E-mails due at the same instant go in the order of the events they were rendered from, so a
// customer reads "Trip canceled" before the "Refund issued" that follows it.
import { eq, inArray, sql } from 'drizzle-orm';
import { DELIVERY_BACKOFF, retryDelayMs } from '@boats/domain/retry-backoff';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { RefusedRecipientError, type MailTransport } from './mail-transport';

const MAX_ATTEMPTS = 8;

type OutboxRow = typeof emailOutbox.$inferSelect;
/** An e-mail as the lease returns it (column names as in the table). */
type LeasedMail = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: OutboxRow['htmlBody'];
  attachments: OutboxRow['attachments'];
  attempts: number;
};
const LEASE_MS = 5 * 60_000;

export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  now: Date,
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  // The lease answers the e-mails themselves: one statement for the batch, not one per e-mail.
  // An UPDATE returns its rows in no set order, so the leased rows are sorted again by when they
  // fell due (before the lease pushed it out) and by event.
  const leased = await db.execute(sql`
    with due as (
      select id, next_attempt_at as due_at from email_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at, event_id nulls last, created_at
      limit ${batch}
      for update skip locked
    ), leased as (
      update email_outbox o set attempts = o.attempts + 1,
        next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
      from due where o.id = due.id
      returning o.id, o.to_address, o.subject, o.text_body, o.html_body, o.attachments, o.attempts,
        due.due_at, o.event_id, o.created_at
    )
    select id, to_address, subject, text_body, html_body, attachments, attempts from leased
    order by due_at, event_id nulls last, created_at`);
  // Both drivers (node-postgres and PGlite) answer { rows }.
  const mails = (leased as { rows: LeasedMail[] }).rows;
  const sentIds: string[] = [];
  let failed = 0;
  for (const mail of mails) {
    try {
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        attachments: mail.attachments,
      });
      sentIds.push(mail.id);
    } catch (err) {
      // A refused recipient stays refused: no retries.
      const giveUp = mail.attempts >= MAX_ATTEMPTS || err instanceof RefusedRecipientError;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: (err as Error).message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts, DELIVERY_BACKOFF)),
        })
        .where(eq(emailOutbox.id, mail.id));
      failed += 1;
    }
  }
  // Every e-mail sent in this run is marked in one statement. Should the process stop before it,
  // the lease lapses and those e-mails go again: at least once, as before.
  if (sentIds.length > 0) {
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: now, lastError: null })
      .where(inArray(emailOutbox.id, sentIds));
  }
  const sent = sentIds.length;
  return { sent, failed };
}
