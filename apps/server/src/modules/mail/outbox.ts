// Every e-mail goes through the outbox table, written in the same transaction as the change
// that causes it; a worker delivers it later, so a mail failure never blocks or undoes a booking.
import type { Db } from '../../db/client';
import { emailOutbox, type EmailAttachment } from '../../db/schema';

export type OutgoingEmail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  bookingId?: string;
  attachments?: EmailAttachment[];
  /** The reader's language, when the e-mail is written for one (the test-booking mark uses it). */
  language?: string;
};

export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      bookingId: email.bookingId ?? null,
      attachments: email.attachments ?? [],
    })
    .onConflictDoNothing();
}
