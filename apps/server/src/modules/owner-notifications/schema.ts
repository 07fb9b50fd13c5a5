// The owners' notifications (docs/back-office.md#owners-notifications): one row per change an
// owner is told of, written in the transaction that reads its domain event.
import { bigserial, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { OWNER_NOTIFICATION_KINDS } from '@boats/domain/owner-notifications';
import { createdAt, instant, oneOf } from '../../db/columns';
import { bookings } from '../bookings/schema';
import { owners } from '../owners/schema';

export const ownerNotifications = pgTable(
  'owner_notifications',
  {
    // In the order the changes were read: the digest lists them so.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OWNER_NOTIFICATION_KINDS }).notNull(),
    // One change for the owner (`event:<id>`, or `trip:<slotId>` for a canceled trip's bookings):
    // the unique index makes the notice, and so its e-mail, once.
    key: text('key').notNull(),
    // What the e-mail says besides the booking (a refund's amount and what is kept, in cents).
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
    // When it was e-mailed, alone or in a digest; null: waits for the owner's next digest.
    emailedAt: instant('emailed_at'),
  },
  (t) => [
    check('owner_notifications_kind_check', oneOf(t.kind, OWNER_NOTIFICATION_KINDS)),
    uniqueIndex('owner_notifications_key_idx').on(t.ownerId, t.key),
    index('owner_notifications_digest_idx')
      .on(t.ownerId, t.createdAt)
      .where(sql`${t.emailedAt} is null`),
  ],
);
