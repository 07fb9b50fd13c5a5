// What each booking earned its owner.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EARNING_LINE_KINDS } from '@boats/domain/schemas/payouts';
import { oneOf, createdAt, instant } from '../../db/columns';
import { bookings } from '../bookings/schema';
import { owners } from '../owners/schema';

// What each booking earned its owner (docs/payments.md#from-a-card-to-an-owners-bank): the
// first line when its trip is completed, then one per later change of its net (a refund after
// the trip: negative). A line is the booking's split now minus its earlier lines (domain
// earnings.ts), so a booking's lines add up to one split of its net. And one line per commission
// invoice or credit note, without a booking, withholding the document's IGIC from the owner
// (docs/payments.md#the-commissions-igic): its share is minus the quota, its net and fee 0, so
// the owner's lines sum to what they are owed after every document. Never updated or deleted.
export const ownerEarningLines = pgTable(
  'owner_earning_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    // Null on a commission's IGIC line.
    bookingId: uuid('booking_id').references(() => bookings.id),
    // The commission invoice or credit note (owner_invoices) whose IGIC the line withholds. Its
    // foreign key is written by hand in migration 0077: owner_invoice_lines already refers to
    // this table, and a reference back from here would make the two schema files import each other.
    ownerInvoiceId: uuid('owner_invoice_id'),
    kind: text('kind', { enum: EARNING_LINE_KINDS }).notNull(),
    netCents: integer('net_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    ownerCents: integer('owner_cents').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    // The trip's end for a trip line, the moment the net changed for an adjustment.
    earnedAt: instant('earned_at').notNull(),
    // PAYOUT_DELAY_DAYS after the trip; an adjustment at once (a refund is netted at the next run).
    payableAt: instant('payable_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('owner_earning_lines_kind_check', oneOf(t.kind, EARNING_LINE_KINDS)),
    check(
      'owner_earning_lines_split_check',
      sql`case when ${t.kind} = 'commission_igic'
        then ${t.bookingId} is null and ${t.ownerInvoiceId} is not null and ${t.netCents} = 0 and ${t.feeCents} = 0
        else ${t.bookingId} is not null and ${t.ownerInvoiceId} is null and ${t.feeCents} + ${t.ownerCents} = ${t.netCents} end`,
    ),
    uniqueIndex('owner_earning_lines_one_igic_idx').on(t.ownerInvoiceId),
    uniqueIndex('owner_earning_lines_one_trip_idx')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'trip'`),
    // A deposit is captured once: one line of it per booking.
    uniqueIndex('owner_earning_lines_one_deposit_idx')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'deposit'`),
    index('owner_earning_lines_booking_idx').on(t.bookingId),
    index('owner_earning_lines_owner_idx').on(t.ownerId, t.payableAt),
  ],
);
