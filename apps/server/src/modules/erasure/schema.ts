// Erasure requests (docs/privacy.md#erasure): one row per customer's request, kept as the record
// that the right was exercised and when it was carried out. The address is held only while the
// request waits; carrying it out blanks it, so the row itself keeps nothing of the customer.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ErasureWaitsFor } from '@boats/domain/schemas/erasure';
import { createdAt, instant } from '../../db/columns';
import { bookings } from '../bookings/schema';

export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The booking whose manage link asked, for requests made before the address was proved by a
    // link sent to it (modules/data-rights); null for those.
    bookingId: uuid('booking_id').references(() => bookings.id),
    // The address to erase, lower case; '' once carried out.
    email: text('email').notNull(),
    requestedAt: createdAt(),
    // A month after the request (GDPR art. 12(3)).
    dueAt: instant('due_at').notNull(),
    // What kept it from being carried out at once (empty when it was).
    waitedFor: jsonb('waited_for').$type<ErasureWaitsFor[]>().notNull().default([]),
    carriedOutAt: instant('carried_out_at'),
    // 'customer' (at once, on their own request) or the staff account's e-mail.
    carriedOutBy: text('carried_out_by'),
  },
  (t) => [
    check('erasure_requests_done_check', sql`(${t.carriedOutAt} is null) = (${t.carriedOutBy} is null)`),
    // One open request per address: asking again answers the one already waiting.
    uniqueIndex('erasure_requests_open_email_idx')
      .on(t.email)
      .where(sql`${t.carriedOutAt} is null`),
    index('erasure_requests_open_idx')
      .on(t.dueAt)
      .where(sql`${t.carriedOutAt} is null`),
  ],
);
