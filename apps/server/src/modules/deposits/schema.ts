// The security deposits (docs/payments.md#the-security-deposit): one row per booking of a boat
// that asks one, kept apart from the booking's payments (a deposit is not the booking's price and
// no revenue). Captured money becomes the owner's through an earning line of kind 'deposit'.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DEPOSIT_METHODS, DEPOSIT_STATUSES } from '@boats/domain/deposits';
import { CLAIM_STATUSES } from '@boats/domain/deposit-claims';
import { createdAt, instant, oneOf, updatedAt } from '../../db/columns';
import { bookings } from '../bookings/schema';

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    // The boat's deposit when the booking was made: a later change of the boat's never changes it.
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('scheduled'),
    // 'card' (the saved card, off-session) or the way staff took it at the harbour.
    method: text('method', { enum: DEPOSIT_METHODS }).notNull().default('card'),
    // The card provider's customer the card was saved to at the booking's payment.
    providerCustomerId: text('provider_customer_id'),
    // The authorisation (a manual-capture intent) of the deposit; null until made.
    providerIntentId: text('provider_intent_id').unique(),
    // Off-session attempts so far: each is its own idempotency key.
    attempts: integer('attempts').notNull().default(0),
    // When the job authorises the card (DEPOSIT_HOURS_BEFORE before departure).
    authoriseAt: instant('authorise_at').notNull(),
    authorisedAt: instant('authorised_at'),
    // When the card's authorisation lapses (DEPOSIT_AUTHORISATION_DAYS after it was made).
    lapsesAt: instant('lapses_at'),
    failure: text('failure'),
    // Kept for damage, with the reason the customer is told.
    capturedCents: integer('captured_cents').notNull().default(0),
    reason: text('reason'),
    // Staff who took it at the harbour, or released or captured it (e-mail); 'system' for the job.
    decidedBy: text('decided_by'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('deposits_status_check', oneOf(t.status, DEPOSIT_STATUSES)),
    check('deposits_method_check', oneOf(t.method, DEPOSIT_METHODS)),
    check('deposits_amount_check', sql`${t.amountCents} > 0`),
    // Never more than the deposit, and only a captured deposit keeps anything.
    check(
      'deposits_captured_check',
      sql`${t.capturedCents} >= 0 and ${t.capturedCents} <= ${t.amountCents}
        and (${t.status} = 'captured') = (${t.capturedCents} > 0)`,
    ),
    index('deposits_due_idx')
      .on(t.status, t.authoriseAt)
      .where(sql`${t.status} in ('scheduled', 'authorised')`),
  ],
);

/**
 * A damage claim against a held deposit (docs/decisions/0040): one per booking, filed by the
 * owner (or the admin for them) within the boat's window after the return, resting on the
 * return's photos; answered by the customer; a dispute decided by the admin. The capture itself
 * is the deposit's (captured_cents, reason).
 */
export const depositClaims = pgTable(
  'deposit_claims',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    note: text('note').notNull(),
    // The return record's photos it rests on (stored names, domain EVIDENCE_PHOTO_PATTERN).
    photos: jsonb('photos').$type<string[]>().notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('open'),
    filedBy: text('filed_by').notNull(),
    filedAt: instant('filed_at').notNull(),
    // The customer's deadline (claimAnswerBy): no answer by then, the job captures the claim.
    answerBy: instant('answer_by').notNull(),
    answer: text('answer'),
    answeredAt: instant('answered_at'),
    // The admin's decision on a dispute: cents kept (0: released) and why.
    decidedCents: integer('decided_cents'),
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('deposit_claims_status_check', oneOf(t.status, CLAIM_STATUSES)),
    check('deposit_claims_amount_check', sql`${t.amountCents} > 0`),
    check(
      'deposit_claims_decided_check',
      sql`${t.decidedCents} is null or (${t.decidedCents} >= 0 and ${t.decidedCents} <= ${t.amountCents})`,
    ),
    index('deposit_claims_pending_idx')
      .on(t.status, t.answerBy)
      .where(sql`${t.status} in ('open', 'disputed')`),
  ],
);
