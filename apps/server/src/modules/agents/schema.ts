// Agents: hotel concierge desks and harbour sellers who sell trips from the back office on
// commission (docs/channels.md#agents). An agent is a `users` row of role `agent`; `agents` holds
// what the role adds to it. A sale is an ordinary `bookings` row; `agent_bookings` holds the
// commission it earned, and the cash the agent took is a `payments` row of method `agent_cash`.
// What an agent hands over to the operator is an `agent_settlements` row.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { AGENT_PAYMENT_CHOICES } from '@boats/domain/schemas/agents';
import { createdAt, oneOf } from '../../db/columns';
import { users } from '../auth/schema';
import { bookings } from '../bookings/schema';

export const agents = pgTable(
  'agents',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The desk or person, as the bookings list and the manifests show who sold a booking.
    name: text('name').notNull(),
    // Basis points of the retail price the agent keeps (its net to the operator = retail − this).
    commissionBps: integer('commission_bps').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('agents_commission_check', sql`${t.commissionBps} >= 0 and ${t.commissionBps} <= 5000`)],
);

export const agentBookings = pgTable(
  'agent_bookings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => agents.userId),
    // The agent's rate when it sold: a later change of the rate never changes a sale.
    commissionBps: integer('commission_bps').notNull(),
    // How the customer pays: cash to the agent, or a card payment link.
    payment: text('payment', { enum: AGENT_PAYMENT_CHOICES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('agent_bookings_payment_check', oneOf(t.payment, AGENT_PAYMENT_CHOICES)),
    index('agent_bookings_agent_idx').on(t.agentUserId, t.createdAt),
  ],
);

export const agentSettlements = pgTable(
  'agent_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentUserId: uuid('agent_user_id')
      .notNull()
      .references(() => agents.userId),
    // Cents the operator received from the agent.
    amountCents: integer('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    // The Canary day the money was received (the admin may record it days later): the month it counts in.
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    // The admin's e-mail.
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('agent_settlements_amount_check', sql`${t.amountCents} > 0`),
    index('agent_settlements_agent_idx').on(t.agentUserId, t.createdAt),
  ],
);
