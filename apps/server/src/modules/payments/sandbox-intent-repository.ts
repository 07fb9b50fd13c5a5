// The sandbox provider's own bookkeeping, in its own table, as Stripe keeps its intents.
// The statements every checkout runs (create, pay, retrieve) are prepared (db/prepared.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { bookings, sandboxPaymentIntents } from '../../db/schema';

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;
type RowsQuery = { execute: SandboxIntentRow[]; all: unknown; values: unknown };

/** The columns a new intent is given; the others take their defaults. */
export type NewSandboxIntent = Pick<
  typeof sandboxPaymentIntents.$inferInsert,
  | 'id'
  | 'idempotencyKey'
  | 'clientSecret'
  | 'amountCents'
  | 'currency'
  | 'metadata'
  | 'captureMethod'
  | 'customerId'
  | 'paymentMethod'
  | 'status'
  | 'lastError'
>;

type PreparedNewIntent = Required<
  Omit<NewSandboxIntent, 'customerId' | 'paymentMethod' | 'status' | 'lastError'>
>;

const insertIntent = preparedStatement<RowsQuery, PreparedNewIntent>('sandbox_intent_insert', (db, name) =>
  db
    .insert(sandboxPaymentIntents)
    .values({
      id: sql.placeholder('id'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      clientSecret: sql.placeholder('clientSecret'),
      amountCents: sql.placeholder('amountCents'),
      currency: sql.placeholder('currency'),
      metadata: sql.placeholder('metadata'),
      captureMethod: sql.placeholder('captureMethod'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare(name),
);

export async function insertSandboxIntent(
  db: Db,
  row: NewSandboxIntent,
): Promise<SandboxIntentRow | undefined> {
  // A deposit's intents (a saved card, an off-session authorisation) are rare: not prepared.
  if (row.customerId || row.paymentMethod || row.status || row.lastError) {
    const [inserted] = await db.insert(sandboxPaymentIntents).values(row).onConflictDoNothing().returning();
    return inserted;
  }
  const [inserted] = await insertIntent(db, {
    ...row,
    idempotencyKey: row.idempotencyKey ?? null,
    currency: row.currency ?? 'eur',
    metadata: row.metadata ?? {},
    captureMethod: row.captureMethod ?? 'automatic',
  });
  return inserted;
}

const intentById = preparedStatement<RowsQuery, { id: string }>('sandbox_intent_by_id', (db, name) =>
  db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, sql.placeholder('id')))
    .prepare(name),
);

export async function findSandboxIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await intentById(db, { id });
  return row;
}

/** The statuses a card may still be charged from. */
export const PAYABLE_STATUSES = ['requires_payment_method', 'requires_action'] as const;

/**
 * SQL: the status a good card leaves an intent in: succeeded, or only authorized
 * (requires_capture) when it is captured by hand (request-to-book).
 */
const PAID_STATUS = sql`case when ${sandboxPaymentIntents.captureMethod} = 'manual' then 'requires_capture' else 'succeeded' end`;

const payBySecret = preparedStatement<RowsQuery, { clientSecret: string; paymentMethod: string }>(
  'sandbox_intent_pay',
  (db, name) =>
    db
      .update(sandboxPaymentIntents)
      .set({
        status: PAID_STATUS,
        lastError: null,
        paymentMethod: sql`${sql.placeholder('paymentMethod')}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(sandboxPaymentIntents.clientSecret, sql.placeholder('clientSecret')),
          inArray(sandboxPaymentIntents.status, [...PAYABLE_STATUSES]),
        ),
      )
      .returning()
      .prepare(name),
);

/**
 * A good card on an intent still payable, found by its client secret: succeeded in one guarded
 * update (two tabs paying at once charge it once). undefined when no payable intent has that
 * secret; the caller then reads the intent to say why.
 */
export async function payIntentBySecret(
  db: Db,
  clientSecret: string,
  /** The card that paid (sandboxPaymentMethod): a deposit's saved card is it. */
  paymentMethod: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await payBySecret(db, { clientSecret, paymentMethod });
  return row;
}

export async function findSandboxIntentByKey(db: Db, key: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.idempotencyKey, key));
  return row;
}

export async function findSandboxIntentBySecret(
  db: Db,
  clientSecret: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
  return row;
}

/**
 * Moves an intent to a new status only from one of the given statuses, in one guarded update,
 * so two tabs paying the same intent cannot both charge it.
 */
export async function moveSandboxIntent(
  db: Db,
  id: string,
  from: readonly string[],
  to: { status: string; lastError?: string | null; paymentMethod?: string; amountCapturedCents?: number },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({
      ...(to.paymentMethod ? { paymentMethod: to.paymentMethod } : {}),
      ...(to.amountCapturedCents !== undefined ? { amountCapturedCents: to.amountCapturedCents } : {}),
      // 'paid': what a good card does to this intent (PAID_STATUS).
      status: to.status === 'paid' ? PAID_STATUS : to.status,
      lastError: to.lastError ?? null,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${sandboxPaymentIntents.id} = ${id} and ${sandboxPaymentIntents.status} in (${sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    )
    .returning();
  return row;
}

/**
 * Adds a refund if it fits within what was paid and its key is new; undefined when it does not
 * (the caller then looks the key up in refund_keys).
 */
export async function addSandboxRefund(
  db: Db,
  id: string,
  amountCents: number,
  key: string,
  refundId: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({
      amountRefundedCents: sql`${sandboxPaymentIntents.amountRefundedCents} + ${amountCents}`,
      refundKeys: sql`${sandboxPaymentIntents.refundKeys} || jsonb_build_object(${key}::text, ${refundId}::text)`,
      updatedAt: sql`now()`,
    })
    .where(
      sql`${sandboxPaymentIntents.id} = ${id} and ${sandboxPaymentIntents.status} = 'succeeded'
        and not (${sandboxPaymentIntents.refundKeys} ? ${key})
        and ${sandboxPaymentIntents.amountRefundedCents} + ${amountCents} <= ${sandboxPaymentIntents.amountCents}`,
    )
    .returning();
  return row;
}

/** The language of the booking an intent pays: the 3-D Secure page speaks it. */
export async function bookingLanguageOf(db: Db, bookingId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ language: bookings.language })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.language;
}
