// The contact form's messages.
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { LEAD_SOURCES } from '@boats/domain/schemas/contact';
import { oneOf, createdAt, instant } from '../../db/columns';
import { boats } from '../boats/schema';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('landing'),
    message: text('message').notNull().default(''),
    language: text('language').notNull().default('en'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    readAt: instant('read_at'),
    repliedAt: instant('replied_at'),
    // Sent from a boat's page: the message is about that boat and reaches its owner too.
    boatId: uuid('boat_id').references(() => boats.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('contact_messages_source_check', oneOf(t.source, LEAD_SOURCES)),
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_boat_idx').on(t.boatId),
  ],
);
