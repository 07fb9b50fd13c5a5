// The promo codes' table.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PROMO_KINDS } from '@boats/domain/promo-codes';
import { oneOf, createdAt, updatedAt } from '../../db/columns';
import { owners } from '../owners/schema';

// Promo codes (docs/payments.md#promo-codes), made by the platform admin (owner_id null) or by an
// owner for their own boats. Its uses are not stored: they are the bookings that carry the code
// and hold a use (`promoUses`, modules/promo-codes/promo-code-repository.ts), counted under this row's lock.
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Upper case, unique across the marketplace (a customer types only the code).
    code: text('code').notNull().unique(),
    ownerId: uuid('owner_id').references(() => owners.id),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    // percent: basis points (10 % = 1000); amount: cents.
    value: integer('value').notNull(),
    // Canary dates, both included; null = open.
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    // Empty: every boat of the owner (the platform's: every boat).
    boatIds: jsonb('boat_ids').$type<string[]>().notNull().default([]),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    firstBookingOnly: boolean('first_booking_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promo_codes_kind_check', oneOf(t.kind, PROMO_KINDS)),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check(
      'promo_codes_limits_check',
      sql`${t.minSpendCents} >= 0 and coalesce(${t.maxUses}, 1) >= 1 and coalesce(${t.maxUsesPerEmail}, 1) >= 1`,
    ),
    index('promo_codes_owner_idx').on(t.ownerId),
  ],
);
