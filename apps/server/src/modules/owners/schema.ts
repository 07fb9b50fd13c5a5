// The owners module's table: the parties boats belong to.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OWNER_STATUSES } from '@boats/domain/schemas/owner';
import { OWNER_NOTIFICATION_KINDS, type OwnerNotificationKind } from '@boats/domain/owner-notifications';
import { DEFAULT_IGIC_PERCENT } from '@boats/domain/commission-invoice';
import { percentToBps } from '@boats/domain/fee-split';
import { IGIC_REGIMES } from '@boats/domain/schemas/owner-invoicing';
import { oneOf, createdAt, instant, updatedAt } from '../../db/columns';

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
    // When the owner last opened the provider's page to give or change bank details with an
    // account already set: payouts wait PAYOUT_HOLD_AFTER_CHANGE_HOURS from then (a stolen
    // password must not redirect the next payout), and the owner's address was told.
    payoutDetailsChangedAt: instant('payout_details_changed_at'),
    // The platform invoices this owner's customers in the owner's name (invoicing by a third
    // party, docs/invoicing.md#customers-invoices-in-the-owners-name): on for a new owner, who
    // accepts it with the terms of listing, at customer_invoicing_accepted_at (null: off). Owners
    // created before the setting existed start off: nobody accepted it for them (migration 0039).
    invoicesCustomers: boolean('invoices_customers').notNull().default(true),
    customerInvoicingAcceptedAt: timestamp('customer_invoicing_accepted_at', {
      withTimezone: true,
    }).defaultNow(),
    // The owner's representation of the platform before the AEAT (apoderamiento), which lets the
    // platform's certificate send the billing records of the invoices it issues in their name: the
    // day it was granted and the evidence the admin checked (the AEAT's registration of it). Null:
    // none recorded, and the owner's records wait (docs/invoicing.md#sending-for-others-lawfully).
    aeatRepresentedSince: date('aeat_represented_since', { mode: 'string' }),
    aeatRepresentationEvidence: text('aeat_representation_evidence'),
    // The owner's IGIC regime: general at igic_bps, or exempt as a small business.
    igicRegime: text('igic_regime', { enum: IGIC_REGIMES }).notNull().default('general'),
    igicBps: integer('igic_bps').notNull().default(percentToBps(DEFAULT_IGIC_PERCENT)),
    // The changes to their bookings the owner is not e-mailed about (all are, by default), and
    // whether they are e-mailed once a day instead (docs/back-office.md#owners-notifications).
    notificationsOff: text('notifications_off')
      .array()
      .$type<OwnerNotificationKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    notificationsDigest: boolean('notifications_digest').notNull().default(false),
    // The owner lets their crew sell a walk-in that leaves a shared trip below its minimum once
    // the cutoff has passed; the trip's minimum is then waived (docs/back-office.md#walk-ins-below-the-minimum).
    // On the platform's row the admin sets it for the platform's own crew. Off by default.
    crewMaySellBelowMinimum: boolean('crew_may_sell_below_minimum').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('owners_status_check', oneOf(t.status, OWNER_STATUSES)),
    check('owners_commission_check', sql`${t.commissionBps} between 0 and 10000`),
    check('owners_igic_regime_check', oneOf(t.igicRegime, IGIC_REGIMES)),
    check('owners_igic_bps_check', sql`${t.igicBps} between 0 and 2000`),
    check(
      'owners_aeat_representation_check',
      sql`(${t.aeatRepresentedSince} is null) = (${t.aeatRepresentationEvidence} is null)`,
    ),
    check(
      'owners_customer_invoicing_check',
      sql`not ${t.invoicesCustomers} or ${t.customerInvoicingAcceptedAt} is not null`,
    ),
    check(
      'owners_notifications_off_check',
      sql`${t.notificationsOff} <@ ${sql.raw(`array[${OWNER_NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')}]`)}::text[]`,
    ),
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
