import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentEvents } from '../../db/schema';

/** Stores an event; false when it was already stored AND processed (a redelivery). */
export async function recordEvent(
  db: Db,
  event: { id: string; provider: string; type: string; paymentIntentId?: string; payload: unknown },
): Promise<boolean> {
  const [inserted] = await db
    .insert(paymentEvents)
    .values({
      id: event.id,
      provider: event.provider,
      type: event.type,
      paymentIntentId: event.paymentIntentId ?? null,
      payload: event.payload,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (inserted) return true;
  const [existing] = await db
    .select({ processedAt: paymentEvents.processedAt })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  return !existing?.processedAt;
}

export async function markEventProcessed(db: Db, id: string): Promise<void> {
  await db
    .update(paymentEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(paymentEvents.id, id));
}
