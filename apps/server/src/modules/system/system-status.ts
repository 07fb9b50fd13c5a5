// What the admin's system page and the metrics read about the background work: each job's
// schedule and last runs (modules/jobs/schema.ts), the e-mail outbox's backlog, the last errors.
import { sql } from 'drizzle-orm';
import type { JobRun, JobRunOutcome, JobStatus, SystemStatus } from '@boats/domain/schemas/system';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

type Instant = string | Date;
type RunRow = {
  started_at: Instant;
  finished_at: Instant | null;
  outcome: JobRunOutcome;
  instance: string;
  error: string | null;
};
type JobRow = Partial<RunRow> & {
  name: string;
  every_seconds: number;
  timeout_seconds: number;
  next_run_at: Instant | null;
  last_success_at: Instant | null;
  succeeded: number | string;
  failed: number | string;
  timed_out: number | string;
};

const ERRORS_SHOWN = 20;
const DAY_MS = 24 * 3600_000;

/** Every registered job with its last run, its last success and the outcomes of the last day. */
async function jobStatuses(db: Db, now: Date): Promise<JobStatus[]> {
  const rows = rowsOf<JobRow>(
    await db.execute(sql`
      select j.name, j.every_seconds, j.timeout_seconds, j.next_run_at,
        last.started_at, last.finished_at, last.outcome, last.instance, last.error, j.last_success_at,
        day.succeeded, day.failed, day.timed_out
      from jobs j
      left join lateral (
        select r.started_at, r.finished_at, r.outcome, r.instance, r.error from job_runs r
        where r.job = j.name order by r.started_at desc, r.id desc limit 1
      ) last on true
      cross join lateral (
        select count(*) filter (where r.outcome = 'succeeded') as succeeded,
          count(*) filter (where r.outcome = 'failed') as failed,
          count(*) filter (where r.outcome = 'timed_out') as timed_out
        from job_runs r where r.job = j.name and r.started_at >= ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz
      ) day
      order by j.name`),
  );
  return rows.map((row) => ({
    name: row.name,
    everySeconds: row.every_seconds,
    timeoutSeconds: row.timeout_seconds,
    nextRunAt: iso(row.next_run_at),
    lastRun: row.started_at && row.outcome && row.instance ? runOf(row as RunRow) : null,
    lastSuccessAt: iso(row.last_success_at),
    lastDay: {
      succeeded: Number(row.succeeded),
      failed: Number(row.failed),
      timedOut: Number(row.timed_out),
    },
  }));
}

type OutboxBacklog = SystemStatus['outbox'];

/** E-mails waiting and given up on, and when the oldest waiting one was queued. */
async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = rowsOf<{ pending: number | string; failed: number | string; oldest: Instant | null }>(
    await db.execute(sql`
      select count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'failed') as failed,
        min(created_at) filter (where status = 'pending') as oldest
      from email_outbox where status in ('pending', 'failed')`),
  );
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAt: iso(row?.oldest ?? null),
  };
}

/** The system page: jobs, the outbox, and the last failed or timed-out runs. */
export async function systemStatus(db: Db, now: Date): Promise<SystemStatus> {
  const [jobs, outbox, errors] = await Promise.all([
    jobStatuses(db, now),
    outboxBacklog(db),
    db.execute(sql`
      select job, started_at, finished_at, outcome, instance, error from job_runs
      where outcome in ('failed', 'timed_out')
      order by started_at desc limit ${ERRORS_SHOWN}`),
  ]);
  return {
    jobs,
    outbox,
    errors: rowsOf<RunRow & { job: string }>(errors).map((row) => ({ job: row.job, ...runOf(row) })),
  };
}

function runOf(row: RunRow): JobRun {
  const startedAt = new Date(row.started_at);
  const finishedAt = row.finished_at === null ? null : new Date(row.finished_at);
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt?.toISOString() ?? null,
    outcome: row.outcome,
    durationMs: finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
    instance: row.instance,
    error: row.error,
  };
}

function iso(value: Instant | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}
