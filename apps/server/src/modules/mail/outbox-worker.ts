// Delivers the outbox. Each run leases a batch (attempts + 1, next try pushed out) with
// FOR UPDATE SKIP LOCKED, so several server instances never send the same e-mail; a failure
// is retried with exponential backoff and never touches the booking that caused the e-mail.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { MailTransport } from './mail-transport';

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;

/** 1, 2, 4, 8 … minutes after each failed attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  now: Date,
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  const leased = await db.execute<{ id: string }>(sql`
    update email_outbox set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
    where id in (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  // Both drivers (node-postgres and PGlite) answer { rows }.
  const ids = (leased as { rows: { id: string }[] }).rows.map((r) => r.id);
  let sent = 0;
  let failed = 0;
  for (const id of ids) {
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!mail) continue;
    try {
      await transport.send({
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        attachments: mail.attachments,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: now, lastError: null })
        .where(eq(emailOutbox.id, id));
      sent += 1;
    } catch (err) {
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: (err as Error).message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)),
        })
        .where(eq(emailOutbox.id, id));
      failed += 1;
    }
  }
  return { sent, failed };
}
