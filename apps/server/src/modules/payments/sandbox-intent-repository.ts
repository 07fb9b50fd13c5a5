// The sandbox provider's own bookkeeping, in its own table, as Stripe keeps its intents.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

export async function insertSandboxIntent(
  db: Db,
  row: typeof sandboxPaymentIntents.$inferInsert,
): Promise<SandboxIntentRow | undefined> {
  const [inserted] = await db.insert(sandboxPaymentIntents).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findSandboxIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
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
  to: { status: string; lastError?: string | null },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ status: to.status, lastError: to.lastError ?? null, updatedAt: sql`now()` })
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
