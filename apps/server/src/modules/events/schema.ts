// The domain events' outbox.
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from '../../db/columns';
import { bookings } from '../bookings/schema';

// Domain events, written in the transaction of the change they describe; jobs consume them
// (customer e-mails today). Consumers mark what they handled, so a crash only delays them.
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    dispatchedAt: instant('dispatched_at'),
  },
  (t) => [
    index('domain_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);
