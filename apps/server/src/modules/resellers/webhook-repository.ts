// The queries of resellers' webhooks and their outbox. No rules here: reseller-webhooks.ts and
// octo/octo-webhooks.ts decide.
import { and, asc, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import {
  resellerBookings,
  resellers,
  resellerWebhookDeliveries,
  resellerWebhooks,
  type WebhookChange,
} from './schema';

export type WebhookRow = typeof resellerWebhooks.$inferSelect;

export async function insertWebhook(
  db: Db,
  values: typeof resellerWebhooks.$inferInsert,
): Promise<WebhookRow> {
  const [row] = await db.insert(resellerWebhooks).values(values).returning();
  if (!row) throw new Error('webhook insert returned nothing');
  return row;
}

export async function webhooksOfReseller(db: Db, resellerId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(resellerWebhooks)
    .where(eq(resellerWebhooks.resellerId, resellerId))
    .orderBy(asc(resellerWebhooks.createdAt));
}

export async function webhooksOfResellers(db: Db, resellerIds: string[]): Promise<WebhookRow[]> {
  if (resellerIds.length === 0) return [];
  return db
    .select()
    .from(resellerWebhooks)
    .where(inArray(resellerWebhooks.resellerId, resellerIds))
    .orderBy(asc(resellerWebhooks.createdAt));
}

/** Deletes the reseller's webhook; answers it (undefined when it has no such webhook). */
export async function deleteWebhook(db: Db, resellerId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .delete(resellerWebhooks)
    .where(and(eq(resellerWebhooks.id, id), eq(resellerWebhooks.resellerId, resellerId)))
    .returning();
  return row;
}

/** Gives the reseller `secret` when it has none yet; answers whether it did. */
export async function setSecretIfNone(db: Db, resellerId: string, secret: string): Promise<boolean> {
  const set = await db
    .update(resellers)
    .set({ webhookSecret: secret })
    .where(and(eq(resellers.id, resellerId), isNull(resellers.webhookSecret)))
    .returning({ id: resellers.id });
  return set.length > 0;
}

/** Replaces the reseller's secret; answers whether the reseller exists. */
export async function replaceSecret(db: Db, resellerId: string, secret: string): Promise<boolean> {
  const set = await db
    .update(resellers)
    .set({ webhookSecret: secret })
    .where(eq(resellers.id, resellerId))
    .returning({ id: resellers.id });
  return set.length > 0;
}

/** The webhooks of the reseller that sold the booking (none for a booking no reseller sold). */
export async function webhooksOfBooking(db: Db, bookingId: string): Promise<WebhookRow[]> {
  return db
    .select({ webhook: resellerWebhooks })
    .from(resellerBookings)
    .innerJoin(resellerWebhooks, eq(resellerWebhooks.resellerId, resellerBookings.resellerId))
    .where(eq(resellerBookings.bookingId, bookingId))
    .then((rows) => rows.map((r) => r.webhook));
}

/** Queues a delivery per webhook; an event already queued for a webhook is not queued again. */
export async function queueDeliveries(
  db: Db,
  rows: { webhookId: string; eventId: number; bookingId: string; change: WebhookChange; at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(resellerWebhookDeliveries)
    .values(
      rows.map((r) => ({
        webhookId: r.webhookId,
        eventId: r.eventId,
        bookingId: r.bookingId,
        change: r.change,
        nextAttemptAt: r.at,
        createdAt: r.at,
      })),
    )
    .onConflictDoNothing();
}

/** A leased delivery with what its body and signature need. */
export type LeasedDelivery = Awaited<ReturnType<typeof leasedDeliveries>>[number];

/** The deliveries `ids` (leased by the outbox), each with its webhook and its booking's reseller id. */
export function leasedDeliveries(db: Db, ids: string[]) {
  return db
    .select({
      id: resellerWebhookDeliveries.id,
      attempts: resellerWebhookDeliveries.attempts,
      change: resellerWebhookDeliveries.change,
      createdAt: resellerWebhookDeliveries.createdAt,
      webhook: resellerWebhooks,
      uuid: resellerBookings.uuid,
      language: bookings.language,
    })
    .from(resellerWebhookDeliveries)
    .innerJoin(resellerWebhooks, eq(resellerWebhooks.id, resellerWebhookDeliveries.webhookId))
    .innerJoin(resellerBookings, eq(resellerBookings.bookingId, resellerWebhookDeliveries.bookingId))
    .innerJoin(bookings, eq(bookings.id, resellerWebhookDeliveries.bookingId))
    .where(inArray(resellerWebhookDeliveries.id, ids));
}

/** Forgets deliveries sent or given up before `before` (pending ones are kept whatever their age). */
export async function pruneDeliveries(db: Db, before: Date): Promise<void> {
  await db
    .delete(resellerWebhookDeliveries)
    .where(
      and(ne(resellerWebhookDeliveries.status, 'pending'), lt(resellerWebhookDeliveries.createdAt, before)),
    );
}
