// The e-mail outbox.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf, createdAt, OUTBOX_STATUSES, outboxColumns } from '../../db/columns';
import { bookings } from '../bookings/schema';

export type EmailAttachment = {
  filename: string;
  contentType: string;
  content: string;
  /** 'base64' for binary content (an image); text as it is otherwise. */
  encoding?: 'base64';
  /** Shown inside the HTML (`<img src="cid:…">`) instead of as a file. */
  cid?: string;
};

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    // The domain event the e-mail was rendered from: one e-mail per event, however often the
    // dispatcher runs.
    eventId: bigint('event_id', { mode: 'number' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    ...outboxColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_event_idx')
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
  ],
);
