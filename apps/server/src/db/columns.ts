// What every table's columns share (the tables live with their modules, `modules/<module>/schema.ts`;
// `db/schema.ts` gathers them).
//
// Every list of values a text column takes is the domain's (packages/domain), read by the
// column's `enum` and by its CHECK (oneOf), so the database, the server and the wire cannot
// disagree. The outboxes' statuses are the server's alone and declared below, once.
import { getTableName, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A list of text constants as SQL, for a CHECK that must match a list the code declares once. */
export const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);

/** SQL: the column holds one of `values` (a CHECK's body). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in ${sqlList(values)}`;

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** An outbox row waits (and is retried), was sent, or was given up on. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** The columns of every table the retrying outbox delivers (modules/outbox/retrying-outbox.ts). */
export const outboxColumns = () => ({
  status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  sentAt: instant('sent_at'),
});

/**
 * A column named with its table ("bookings"."id"), for a subquery in a query's select: in a query
 * of one table drizzle writes a bare "id", which inside a subquery means the subquery's own table's
 * column when it has one of that name.
 */
export const qualified = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
