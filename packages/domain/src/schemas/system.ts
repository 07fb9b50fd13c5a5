/**
 * The admin's system page (docs/operating.md#background-jobs): each background job with its
 * schedule, its last runs and their outcome, the e-mail outbox's backlog and the last errors.
 */
import { z } from './zod';
import { isoInstant } from './common';

/** How a run ended; `running` until it does. A run past its timeout is `timed_out` at once. */
export const JOB_RUN_OUTCOMES = ['running', 'succeeded', 'failed', 'timed_out'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

const jobRunSchema = z.object({
  startedAt: isoInstant,
  finishedAt: isoInstant.nullable(),
  outcome: z.enum(JOB_RUN_OUTCOMES),
  /** Milliseconds from start to end; null while running. */
  durationMs: z.number().int().nullable(),
  instance: z.string(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobStatusSchema = z.object({
  name: z.string(),
  everySeconds: z.number().int(),
  timeoutSeconds: z.number().int(),
  /** When any instance may start it next. */
  nextRunAt: isoInstant.nullable(),
  lastRun: jobRunSchema.nullable(),
  lastSuccessAt: isoInstant.nullable(),
  /** Outcomes of the runs of the last 24 hours. */
  lastDay: z.object({ succeeded: z.number().int(), failed: z.number().int(), timedOut: z.number().int() }),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const systemStatusSchema = z.object({
  jobs: z.array(jobStatusSchema),
  outbox: z.object({
    /** E-mails waiting to be sent (retries included). */
    pending: z.number().int(),
    /** E-mails given up on (eight failed attempts or a refused address). */
    failed: z.number().int(),
    /** When the oldest e-mail still waiting was queued. */
    oldestPendingAt: isoInstant.nullable(),
  }),
  /** The last failed or timed-out runs of any job, newest first. */
  errors: z.array(jobRunSchema.extend({ job: z.string() })),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
