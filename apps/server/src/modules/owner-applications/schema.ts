// The "List your boat" applications.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, OWNER_KINDS } from '@boats/domain/schemas/owner-application';
import { oneOf, createdAt, instant } from '../../db/columns';
import { users } from '../auth/schema';
import { boats } from '../boats/schema';
import { owners } from '../owners/schema';

export type ApplicationBoatRow = {
  type: string;
  name: string;
  lengthMeters: number;
  capacity: number;
  harbour: string;
  included: string;
  photos: string[];
};

// "List your boat" applications (docs/back-office.md#owner-applications). Approval makes the
// owner, their first boat (a draft) and their account, and records them here; a decision is final.
export const ownerApplications = pgTable(
  'owner_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    kind: text('kind', { enum: OWNER_KINDS }).notNull(),
    displayName: text('display_name').notNull(),
    legalName: text('legal_name').notNull(),
    taxId: text('tax_id').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    boat: jsonb('boat').$type<ApplicationBoatRow>().notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    declineReason: text('decline_reason'),
    ownerId: uuid('owner_id').references(() => owners.id),
    boatId: uuid('boat_id').references(() => boats.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('owner_applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
    check('owner_applications_kind_check', oneOf(t.kind, OWNER_KINDS)),
    check(
      'owner_applications_decision_check',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null)
        and (${t.status} <> 'approved' or (${t.ownerId} is not null and ${t.boatId} is not null))
        and (${t.status} <> 'declined' or ${t.declineReason} is not null)`,
    ),
    index('owner_applications_created_idx').on(t.createdAt),
  ],
);
