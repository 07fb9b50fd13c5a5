// The owners module's table: the parties boats belong to.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OWNER_STATUSES } from '@boats/domain/schemas/owner';
import { oneOf, createdAt, updatedAt } from '../../db/columns';

// The parties boats belong to (docs/back-office.md#owners). The platform operator is an owner
// too (is_platform, exactly one row): its identity is the OPERATOR_* configuration, so its own
// columns stay empty. A suspended owner's boats leave the public site; their bookings stay.
export const owners = pgTable(
  'owners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    isPlatform: boolean('is_platform').notNull().default(false),
    displayName: text('display_name').notNull(),
    legalName: text('legal_name').notNull().default(''),
    // NIF, NIE or CIF, normalised (packages/domain spanish-tax-id).
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    language: text('language').notNull().default('en'),
    // The platform's fee on this owner's sales, in basis points; null follows PLATFORM_FEE_PERCENT.
    commissionBps: integer('commission_bps'),
    status: text('status', { enum: OWNER_STATUSES }).notNull().default('active'),
    // The admin's switch: payout runs leave this owner's balance where it is until it is off.
    payoutsOnHold: boolean('payouts_on_hold').notNull().default(false),
    // The owner's account at the payout provider (a Stripe connected account `acct_…`); null:
    // none yet (the sandbox pays an account of its own per owner).
    payoutAccount: text('payout_account'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('owners_status_check', oneOf(t.status, OWNER_STATUSES)),
    check('owners_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('owners_platform_active_check', sql`not (${t.isPlatform} and ${t.status} = 'suspended')`),
    check(
      'owners_identity_check',
      sql`${t.isPlatform} or (${t.legalName} <> '' and ${t.taxId} <> '' and ${t.email} <> '')`,
    ),
    uniqueIndex('owners_one_platform_idx')
      .on(t.isPlatform)
      .where(sql`${t.isPlatform}`),
  ],
);
