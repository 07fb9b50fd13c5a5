// The gift vouchers' table.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, instant } from '../../db/columns';
import { boats } from '../boats/schema';

// A gift voucher (docs/payments.md#gift-vouchers). Its sale is a card payment row (payments with
// gift_voucher_id and no booking); each redemption is a 'voucher' payment row on a booking, and a
// refund of that row puts the money back. The balance is always derived from those rows
// (gift-vouchers/gift-voucher-repository.ts), never stored here.
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Printed form GV-XXXX-XXXX (domain gift-vouchers.ts), unique.
    code: text('code').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    // "For a trip on this boat": printed on the voucher, no restriction.
    boatId: uuid('boat_id').references(() => boats.id),
    purchaserName: text('purchaser_name').notNull(),
    purchaserEmail: text('purchaser_email').notNull(),
    // The receipt's language.
    purchaserLanguage: text('purchaser_language').notNull().default('en'),
    recipientName: text('recipient_name').notNull(),
    // Null: the voucher goes to the purchaser to print or hand over.
    recipientEmail: text('recipient_email'),
    recipientLanguage: text('recipient_language').notNull().default('en'),
    message: text('message'),
    // Set once, when the sale's card payment succeeded (the confirmation or the webhook).
    paidAt: instant('paid_at'),
    // From the sale (its creation until it is paid): VOUCHER_VALIDITY_MONTHS later.
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gift_vouchers_amount_check', sql`${t.amountCents} > 0`),
    index('gift_vouchers_created_idx').on(t.createdAt),
  ],
);
