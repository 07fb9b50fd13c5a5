// The background jobs' schedule and run records (modules/jobs/job-scheduler.ts). One `jobs` row
// per job: when it may run next and which instance holds it now (a lease kept alive while the run
// lasts), so a job never runs twice at once across instances. One `job_runs` row per run.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { JOB_RUN_OUTCOMES } from '@boats/domain/schemas/system';
import { instant, sqlList } from '../../db/columns';

export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  /** As the running code registers it (the system page shows it). */
  everySeconds: integer('every_seconds').notNull(),
  timeoutSeconds: integer('timeout_seconds').notNull(),
  nextRunAt: instant('next_run_at').notNull(),
  /** The instance running it now, until `lease_until` (renewed while the run lasts). */
  leaseOwner: text('lease_owner'),
  leaseUntil: instant('lease_until'),
  /** When a run last ended well (the metrics' job_last_success_timestamp_seconds). */
  lastSuccessAt: instant('last_success_at'),
});

export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: text('job').notNull(),
    instance: text('instance').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    outcome: text('outcome', { enum: JOB_RUN_OUTCOMES }).notNull().default('running'),
    error: text('error'),
  },
  (t) => [
    check('job_runs_outcome_check', sql`${t.outcome} in ${sqlList(JOB_RUN_OUTCOMES)}`),
    index('job_runs_job_started_idx').on(t.job, t.startedAt),
    // The system page's last errors, and the pruning of old runs.
    index('job_runs_errors_idx')
      .on(t.startedAt)
      .where(sql`${t.outcome} in ('failed', 'timed_out')`),
    index('job_runs_started_idx').on(t.startedAt),
  ],
);
