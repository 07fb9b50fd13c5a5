// The money ledger (payments and refunds), the provider events processed, and the sandbox
// card provider's intents.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, REFUND_STATUSES } from '@boats/domain/schemas/booking';
import { PAYMENT_METHODS } from '@boats/domain/schemas/operator-booking';
import { oneOf, createdAt, updatedAt, instant } from '../../db/columns';
import { bookings } from '../bookings/schema';
import { giftVouchers } from '../gift-vouchers/schema';
import { users } from '../auth/schema';

// The ledger: one row per provider payment and per refund. A booking's received, refunded and
// net amounts are sums over these rows, never columns of the booking.
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null only for a gift voucher's sale (gift_voucher_id set): that money is on no booking yet.
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    // The voucher sold (booking null, method card) or spent (method 'voucher', on the booking).
    giftVoucherId: uuid('gift_voucher_id').references(() => giftVouchers.id),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('requires_action'),
    // 'card' through the provider; cash, card terminal or bank transfer recorded by a staff
    // member at the harbour (provider 'operator', no provider to ask or refund through).
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    // The staff member's e-mail for a payment recorded by hand; null for the card form.
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amountCents} >= 0`),
    // A payment is for a booking or a voucher's sale; a 'voucher' payment names both.
    check('payments_owner_check', sql`${t.bookingId} is not null or ${t.giftVoucherId} is not null`),
    check(
      'payments_voucher_check',
      sql`${t.method} <> 'voucher' or (${t.bookingId} is not null and ${t.giftVoucherId} is not null)`,
    ),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_gift_voucher_idx')
      .on(t.giftVoucherId)
      .where(sql`${t.giftVoucherId} is not null`),
    // The day's takings per method (the crew's cash hand-over) read payments by their day.
    index('payments_method_created_idx').on(t.method, t.createdAt),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    // Null until the provider has answered; unique once known.
    providerId: text('provider_id').unique(),
    // Set by automatic refunds (e.g. 'late-payment:<payment id>'), so a repeat records nothing new.
    idempotencyKey: text('idempotency_key').unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    // 'system', 'customer', 'provider' or the admin's e-mail.
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    // Why the money goes back ('operator', 'late_payment', 'released', …): the e-mail's wording.
    cause: text('cause').notNull().default('operator'),
    // The back-office account that asked for it (the refund route), null otherwise: step-up
    // counts what an account refunded lately (modules/auth/step-up.ts).
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    index('refunds_booking_idx').on(t.bookingId),
    // The day's takings count the refunds handed back that day (ledger takingsBetween).
    index('refunds_updated_idx').on(t.updatedAt),
    index('refunds_requested_by_idx')
      .on(t.requestedBy, t.createdAt)
      .where(sql`${t.requestedBy} is not null`),
  ],
);

// Each provider event is processed once; the primary key is the provider's own event id.
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  paymentIntentId: text('payment_intent_id'),
  payload: jsonb('payload'),
  receivedAt: instant('received_at').notNull().defaultNow(),
  processedAt: instant('processed_at'),
});

// The built-in sandbox card provider keeps its payment intents here, as Stripe keeps its own.
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  clientSecret: text('client_secret').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  status: text('status').notNull().default('requires_payment_method'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  lastError: text('last_error'),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  // 'manual' for a request-to-book: a good card leaves it in requires_capture until captured.
  captureMethod: text('capture_method').notNull().default('automatic'),
  // The security deposit (docs/payments.md#the-security-deposit): the customer the card is saved
  // to (setup_future_usage off_session), and the card that paid ('pm_sbx_' + its test number).
  customerId: text('customer_id'),
  paymentMethod: text('payment_method'),
  // What a capture of part of an authorisation charged (amount_to_capture); null: all of it.
  amountCapturedCents: integer('amount_captured_cents'),
  // Refund idempotency key → refund id, so a repeated refund request moves no money.
  refundKeys: jsonb('refund_keys').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
