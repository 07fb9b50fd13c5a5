// The payouts of owners' balances, their lines and runs, and the sandbox payout provider's transfers.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYOUT_STATES } from '@boats/domain/schemas/payouts';
import { oneOf, createdAt, instant } from '../../db/columns';
import { ownerEarningLines } from '../earnings/schema';
import { owners } from '../owners/schema';

// A transfer of an owner's balance: `pending` from the moment its lines are taken until the
// provider answers (a run killed in between leaves it pending; the next run asks again with the
// same idempotency key, the payout's id), then `paid` or `failed` (its lines go back).
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => owners.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    state: text('state', { enum: PAYOUT_STATES }).notNull().default('pending'),
    provider: text('provider').notNull(),
    account: text('account').notNull(),
    transferId: text('transfer_id'),
    failure: text('failure'),
    // 'schedule' or the admin's e-mail.
    actor: text('actor').notNull(),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    check('payouts_state_check', oneOf(t.state, PAYOUT_STATES)),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    index('payouts_owner_idx').on(t.ownerId, t.createdAt),
    index('payouts_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

// The lines a payout carries. `active` until the payout fails; the partial unique index makes a
// line part of at most one live (pending or paid) payout, whatever the timing.
export const payoutLines = pgTable(
  'payout_lines',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => ownerEarningLines.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.lineId] }),
    uniqueIndex('payout_lines_one_live_idx')
      .on(t.lineId)
      .where(sql`${t.active}`),
  ],
);

// A scheduled payout run, claimed once (the primary key) by whichever instance gets there first.
export const payoutRuns = pgTable('payout_runs', {
  scheduledFor: instant('scheduled_for').primaryKey(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at'),
});

// The built-in sandbox payout provider keeps its transfers here, as Stripe keeps its own.
export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  account: text('account').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  createdAt: createdAt(),
});
