// Delivers the e-mail outbox through the one retrying outbox (outbox/retrying-outbox.ts): 8
// attempts, 1, 2, 4 … minutes apart; a recipient refused as not one address stays refused.
// A failure never touches the booking that caused the e-mail.
import { inArray } from 'drizzle-orm';
import { DELIVERY_BACKOFF } from '@boats/domain/retry-backoff';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { deliverDue } from '../outbox/retrying-outbox';
import { RefusedRecipientError, type MailTransport } from './mail-transport';

export function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  return deliverDue(
    db,
    {
      table: 'email_outbox',
      backoff: DELIVERY_BACKOFF,
      maxAttempts: 8,
      load: (ids) => db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids)),
      send: (mail) =>
        transport.send({
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
          attachments: mail.attachments,
        }),
      final: (_, err) => err instanceof RefusedRecipientError,
    },
    now,
  );
}
