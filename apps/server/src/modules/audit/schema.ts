// The audit trail's one table (docs/security.md#audit-trail). Append-only: the migration adds
// triggers that refuse UPDATE, DELETE and TRUNCATE, as issued invoices do. Rows hold who did
// what to which object and what changed, never a customer's personal values nor a secret, so
// no erasure or retention job ever needs to change them.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_OBJECT_TYPES } from '@boats/domain/schemas/audit';
import { USER_ROLES } from '@boats/domain/schemas/auth';
import { sqlList } from '../../db/columns';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // No foreign key: the row outlives anything it names.
    actorUserId: uuid('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role', { enum: USER_ROLES }).notNull(),
    action: text('action').notNull(),
    objectType: text('object_type', { enum: AUDIT_OBJECT_TYPES }).notNull(),
    objectId: text('object_id'),
    // Whose boats the row concerns: an owner reads the rows with their id.
    ownerId: uuid('owner_id'),
    boatId: uuid('boat_id'),
    bookingId: uuid('booking_id'),
    changes: jsonb('changes').$type<AuditChanges>(),
    ip: text('ip').notNull(),
  },
  (t) => [
    check('audit_log_object_type_check', sql`${t.objectType} in ${sqlList(AUDIT_OBJECT_TYPES)}`),
    check('audit_log_actor_role_check', sql`${t.actorRole} in ${sqlList(USER_ROLES)}`),
    index('audit_log_owner_idx').on(t.ownerId, t.id),
    index('audit_log_booking_idx').on(t.bookingId),
    index('audit_log_boat_idx').on(t.boatId),
    index('audit_log_at_idx').on(t.at),
  ],
);
