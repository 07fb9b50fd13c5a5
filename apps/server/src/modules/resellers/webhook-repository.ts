// The queries of resellers' webhooks and their outbox. No rules here: reseller-webhooks.ts and
// octo/octo-webhooks.ts decide.
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
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

/** A delivery as the lease answers it, with what its body and signature need. */
export type LeasedDelivery = {
  id: string;
  attempts: number;
  change: WebhookChange;
  created_at: string | Date;
  webhook_id: string;
  url: string;
  event: string;
  capabilities: string[];
  retry_on_error: boolean;
  use_contact_language: boolean;
  reseller_id: string;
  secret: string | null;
  uuid: string;
  language: string;
};

/**
 * Leases up to `batch` due deliveries (attempts + 1, the next try pushed past the lease) with
 * FOR UPDATE SKIP LOCKED, so two instances never send the same one at once; oldest event first.
 */
export async function leaseDueDeliveries(
  db: Db,
  now: Date,
  leaseMs: number,
  batch: number,
): Promise<LeasedDelivery[]> {
  const leased = await db.execute(sql`
    with due as (
      select id from reseller_webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at, event_id
      limit ${batch}
      for update skip locked
    ), leased as (
      update reseller_webhook_deliveries d set attempts = d.attempts + 1,
        next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}
      from due where d.id = due.id
      returning d.id, d.attempts, d.change, d.created_at, d.webhook_id, d.booking_id, d.event_id
    )
    select leased.id, leased.attempts, leased.change, leased.created_at, leased.webhook_id,
      w.url, w.event, w.capabilities, w.retry_on_error, w.use_contact_language,
      w.reseller_id, r.webhook_secret as secret, rb.uuid, b.language
    from leased
    join reseller_webhooks w on w.id = leased.webhook_id
    join resellers r on r.id = w.reseller_id
    join reseller_bookings rb on rb.booking_id = leased.booking_id
    join bookings b on b.id = leased.booking_id
    order by leased.event_id`);
  return rowsOf<LeasedDelivery>(leased);
}

export async function markDelivered(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(resellerWebhookDeliveries)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(eq(resellerWebhookDeliveries.id, id));
}

export async function markFailed(
  db: Db,
  id: string,
  values: { giveUp: boolean; error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(resellerWebhookDeliveries)
    .set({
      status: values.giveUp ? 'failed' : 'pending',
      lastError: values.error.slice(0, 500),
      nextAttemptAt: values.nextAttemptAt,
    })
    .where(eq(resellerWebhookDeliveries.id, id));
}

/** Forgets deliveries sent or given up before `before` (pending ones are kept whatever their age). */
export async function pruneDeliveries(db: Db, before: Date): Promise<void> {
  await db
    .delete(resellerWebhookDeliveries)
    .where(
      and(ne(resellerWebhookDeliveries.status, 'pending'), lt(resellerWebhookDeliveries.createdAt, before)),
    );
}
