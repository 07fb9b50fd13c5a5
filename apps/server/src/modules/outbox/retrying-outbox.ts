// The one retrying outbox (docs/decisions/0042-one-retrying-outbox.md). A row is written in the
// transaction of the change that causes it and delivered later by a job, so a failed delivery
// never blocks or undoes the change. A run leases a batch of due rows (attempts + 1, the next try
// pushed past LEASE_MS) with FOR UPDATE SKIP LOCKED, so two instances never send one row at once,
// and a crashed run's rows are due again when their lease lapses; a failure is tried again after
// the backoff, and after the last attempt (or a failure not worth repeating) the row is failed.
// At least once: a crash between sending and marking sends a row again. The AEAT's records keep
// their own claim, which the AEAT dictates (verifactu/aeat-sender.ts), with the same lease and
// backoff rule.
import { sql } from 'drizzle-orm';
import { retryDelayMs, type Backoff } from '@boats/domain/retry-backoff';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A lease outlives the longest send (and the AEAT's longest wait for an answer). */
export const LEASE_MS = 5 * 60_000;

/** The next attempt after the `attempts`-th failed one. */
export const retryAt = (now: Date, attempts: number, backoff: Backoff) =>
  new Date(now.getTime() + retryDelayMs(attempts, backoff));

type Leased = { id: string; attempts: number };

/** An outbox: its table (with `outboxColumns`, db/columns.ts), its retry rule and how a row is sent. */
export type Outbox<Row extends Leased> = {
  table: 'email_outbox' | 'reseller_webhook_deliveries';
  backoff: Backoff;
  maxAttempts: number;
  /** The leased rows with what sending them needs. */
  load: (ids: string[]) => Promise<Row[]>;
  send: (row: Row) => Promise<void>;
  /** A failure that another attempt would not mend. */
  final?: (row: Row, err: unknown) => boolean;
};

/**
 * Sends the outbox's due rows: those due first, then in the order of the events they came from
 * (a customer reads "Trip canceled" before the "Refund issued" that follows it).
 */
export async function deliverDue<Row extends Leased>(
  db: Db,
  outbox: Outbox<Row>,
  now: Date,
  batch = 20,
): Promise<{ sent: number; failed: number }> {
  const table = sql.identifier(outbox.table);
  const leased = rowsOf<{ id: string }>(
    await db.execute(sql`
      with due as (
        select id, next_attempt_at as due_at, event_id, created_at from ${table}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at, event_id nulls last, created_at
        limit ${batch}
        for update skip locked
      ), leased as (
        update ${table} o set attempts = o.attempts + 1,
          next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}
        from due where o.id = due.id
        returning o.id, due.due_at, due.event_id, due.created_at
      )
      select id from leased order by due_at, event_id nulls last, created_at`),
  ).map((row) => row.id);
  if (leased.length === 0) return { sent: 0, failed: 0 };
  const rows = new Map((await outbox.load(leased)).map((row) => [row.id, row]));
  const sent: string[] = [];
  let failed = 0;
  for (const row of leased.flatMap((id) => rows.get(id) ?? [])) {
    try {
      await outbox.send(row);
      sent.push(row.id);
    } catch (err) {
      const giveUp = row.attempts >= outbox.maxAttempts || (outbox.final?.(row, err) ?? false);
      const cause = (err as Error & { cause?: { code?: string } }).cause?.code;
      const error = [(err as Error).message, cause].filter(Boolean).join(': ').slice(0, 500);
      await db.execute(sql`
        update ${table} set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${error},
          next_attempt_at = ${retryAt(now, row.attempts, outbox.backoff).toISOString()}
        where id = ${row.id}`);
      failed += 1;
    }
  }
  // Every row sent in this run is marked in one statement; should the process stop before it,
  // the lease lapses and those rows go again.
  if (sent.length > 0) {
    await db.execute(sql`
      update ${table} set status = 'sent', sent_at = ${now.toISOString()}, last_error = null
      where id = any(${sql.param(sent)}::uuid[])`);
  }
  return { sent: sent.length, failed };
}
