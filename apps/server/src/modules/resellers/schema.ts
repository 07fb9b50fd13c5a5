// Resellers, their API keys and the bookings they made through the OCTO API (docs/channels.md).
// A key is stored only as its SHA-256: it is 32 random bytes, so a slow hash adds nothing, and
// the lookup on every OCTO call stays one indexed read. A reseller's booking is an ordinary
// `bookings` row (one inventory, one lifecycle); `reseller_bookings` holds what OCTO adds to it.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RESELLER_CANCELLATION_AGREEMENTS } from '@boats/domain/schemas/resellers';
import { createdAt, instant, oneOf, updatedAt } from '../../db/columns';
import { bookings } from '../bookings/schema';

export const resellers = pgTable(
  'resellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    // Basis points of the retail price the reseller keeps (its net = retail − commission).
    commissionBps: integer('commission_bps').notNull(),
    cancellation: text('cancellation', { enum: RESELLER_CANCELLATION_AGREEMENTS }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('resellers_commission_check', sql`${t.commissionBps} >= 0 and ${t.commissionBps} <= 5000`),
    check('resellers_cancellation_check', oneOf(t.cancellation, RESELLER_CANCELLATION_AGREEMENTS)),
  ],
);

export const resellerApiKeys = pgTable(
  'reseller_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    // The key's first characters, shown to tell keys apart; never enough to use it.
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('reseller_api_keys_reseller_idx').on(t.resellerId)],
);

/** A unit item of a reseller's booking: OCTO's id for it, its unit and the reseller's reference. */
export type OctoUnitItemRow = { uuid: string; unitId: string; resellerReference: string | null };

export const resellerBookings = pgTable(
  'reseller_bookings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id),
    // The reseller's own id of the booking (OCTO's `uuid`, its idempotency key): unique per reseller.
    uuid: text('uuid').notNull(),
    resellerReference: text('reseller_reference'),
    unitItems: jsonb('unit_items').$type<OctoUnitItemRow[]>().notNull(),
    notes: text('notes'),
    // The commission when reserved: a later change of the reseller's rate never changes a sale.
    commissionBps: integer('commission_bps').notNull(),
    createdAt: createdAt(),
    confirmedAt: instant('confirmed_at'),
  },
  (t) => [
    uniqueIndex('reseller_bookings_uuid_idx').on(t.resellerId, t.uuid),
    index('reseller_bookings_reference_idx').on(t.resellerId, t.resellerReference),
  ],
);
