// Runs each background job on its own schedule and timeout (docs/decisions/0018-own-job-scheduler.md).
//
// Every `tick()` (once a second in a server, by hand in tests) starts the jobs that are due
// without waiting for them, so a slow or stuck job delays no other. Which instance runs a job is
// decided by its `jobs` row: a run claims it with one conditional update (due, and no live lease),
// which also sets the next run; the lease is renewed while the run lasts and dropped when it ends,
// so a job never runs twice at once across instances, and a crashed instance's lease lapses after
// LEASE_MS. A run past its timeout is recorded `timed_out` at once and its AbortSignal fires; its
// lease is kept until the run really stops, so it cannot overlap its next run either. Time is the
// app's clock (`ctx.now`), so tests move it by hand.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { JobRunOutcome } from '@boats/domain/schemas/system';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type JobDefinition = {
  /** Unique, kebab-case: the name on the system page and in the metrics. */
  name: string;
  /** Period between the starts of two runs (a run that lasts longer is followed at once). */
  everySeconds: number;
  /** After this the run is recorded as timed out and its signal aborts. */
  timeoutSeconds: number;
  run: (signal: AbortSignal) => Promise<unknown>;
};

/** What a finished run reports to whoever watches (the metrics). */
export type JobRunReport = { job: string; outcome: Exclude<JobRunOutcome, 'running'>; durationMs: number };

type Log = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * How long a claim lasts without renewal: a crashed instance's jobs are free again after it (at
 * once for an instance restarted on the same host, which knows its predecessor is gone).
 */
export const LEASE_MS = 30_000;
const RENEW_EVERY_MS = LEASE_MS / 3;
/** How soon a job whose claim failed on a database error is tried again. */
const RETRY_AFTER_ERROR_MS = 10_000;

/** The schedulers of this process (tests run several), so none takes another's leases for a dead one's. */
const schedulersHere = new Set<string>();

type Flight = {
  job: JobDefinition;
  runId: number;
  startedAt: Date;
  controller: AbortController;
  timedOut: boolean;
  done: Promise<void>;
};

export class JobScheduler {
  /** This process among the instances (host, process id and a random part). */
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly dueAt = new Map<string, number>();
  private readonly flights = new Map<string, Flight>();
  private registered = false;
  private stopped = false;
  private renewedAt = 0;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    readonly definitions: readonly JobDefinition[],
    private readonly log: Log,
    private readonly onRunEnd: (report: JobRunReport) => void = () => {},
  ) {
    schedulersHere.add(this.instance);
    const names = new Set<string>();
    for (const job of definitions) {
      if (names.has(job.name)) throw new Error(`background job ${job.name} is registered twice`);
      if (!(job.everySeconds >= 1 && job.timeoutSeconds >= 1)) {
        throw new Error(`background job ${job.name}: everySeconds and timeoutSeconds must be at least 1`);
      }
      names.add(job.name);
    }
  }

  /** Starts the jobs that are due, times out the runs past their timeout, renews leases. */
  tick(): Promise<void> {
    // A tick that fails (the database away mid-tick) is logged and the next one tries again: the
    // ticks run on a timer, so a rejection here would be unhandled and end the whole server.
    this.ticking ??= this.tickOnce()
      .catch((err: unknown) =>
        this.log.error({ err }, 'background jobs tick failed; the next tick tries again'),
      )
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /** Resolves when every run under way in this instance has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.flights.size > 0) await Promise.all([...this.flights.values()].map((f) => f.done));
  }

  /** Names of the jobs this instance is running now. */
  running(): string[] {
    return [...this.flights.keys()];
  }

  /** Starts nothing more and waits up to `waitMs` for the runs under way. */
  async stop(waitMs = 15_000): Promise<void> {
    this.stopped = true;
    schedulersHere.delete(this.instance);
    await this.ticking;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.idle(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  private async tickOnce(): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    if (!this.registered) {
      await this.register(now);
      await this.releaseDeadPredecessors(now);
      this.registered = true;
    }
    await this.timeOut(now);
    await this.renewLeases(now);
    for (const job of this.definitions) {
      if (this.stopped) return;
      if (this.flights.has(job.name) || (this.dueAt.get(job.name) ?? 0) > now.getTime()) continue;
      try {
        await this.claim(job, now);
      } catch (err) {
        this.log.error({ err, job: job.name }, 'background job could not be claimed');
        this.dueAt.set(job.name, now.getTime() + RETRY_AFTER_ERROR_MS);
      }
    }
  }

  /** Writes each job's schedule as this code has it; a job new to the database is due at once. */
  private async register(now: Date): Promise<void> {
    const names = this.definitions.map((j) => j.name);
    const every = this.definitions.map((j) => j.everySeconds);
    const timeouts = this.definitions.map((j) => j.timeoutSeconds);
    await this.db.execute(sql`
      insert into jobs (name, every_seconds, timeout_seconds, next_run_at)
      select name, every, timeout, ${now.toISOString()}::timestamptz
      from unnest(${sql.param(names)}::text[], ${sql.param(every)}::int[], ${sql.param(timeouts)}::int[]) as j(name, every, timeout)
      on conflict (name) do update
        set every_seconds = excluded.every_seconds, timeout_seconds = excluded.timeout_seconds`);
  }

  /**
   * Leases held by an earlier process on this host that is gone (killed, or restarted with the
   * same process id, as in a container) are released at once instead of after LEASE_MS.
   */
  private async releaseDeadPredecessors(now: Date): Promise<void> {
    const host = `${hostname()}:`;
    const owners = rowsOf<{ lease_owner: string }>(
      await this.db.execute(sql`
        select distinct lease_owner from jobs
        where starts_with(lease_owner, ${host}) and lease_owner <> ${this.instance}`),
    ).map((row) => row.lease_owner);
    const dead = owners.filter((owner) => {
      const pid = Number(owner.slice(host.length).split(':')[0]);
      return pid === process.pid ? !schedulersHere.has(owner) : !processAlive(pid);
    });
    if (dead.length === 0) return;
    await this.db.execute(sql`
      with runs as (
        update job_runs set outcome = 'failed', finished_at = ${now.toISOString()}::timestamptz,
          error = 'its server stopped before the run ended'
        where instance = any(${sql.param(dead)}::text[]) and outcome = 'running'
      )
      update jobs set lease_owner = null, lease_until = null where lease_owner = any(${sql.param(dead)}::text[])`);
  }

  private async claim(job: JobDefinition, now: Date): Promise<void> {
    const next = new Date(now.getTime() + job.everySeconds * 1000);
    const claimed = rowsOf<{ id: string | number }>(
      await this.db.execute(sql`
        with claimed as (
          update jobs set lease_owner = ${this.instance},
            lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
            next_run_at = ${next.toISOString()}::timestamptz
          where name = ${job.name} and next_run_at <= ${now.toISOString()}::timestamptz
            and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
          returning name
        ), orphaned as (
          -- A run still marked running was left by an instance that stopped before it ended.
          update job_runs set outcome = 'failed', finished_at = ${now.toISOString()}::timestamptz,
            error = 'its server stopped before the run ended'
          where job = (select name from claimed) and outcome = 'running'
        )
        insert into job_runs (job, instance, started_at)
        select name, ${this.instance}, ${now.toISOString()}::timestamptz from claimed
        returning id`),
    );
    const run = claimed[0];
    if (run) {
      this.dueAt.set(job.name, next.getTime());
      this.start(job, Number(run.id), now);
      return;
    }
    // Another instance has it, or ran it since: look again when it is next due.
    const [row] = rowsOf<{ next_run_at: string | Date }>(
      await this.db.execute(sql`select next_run_at from jobs where name = ${job.name}`),
    );
    const nextRun = row ? new Date(row.next_run_at).getTime() : 0;
    this.dueAt.set(job.name, Math.max(nextRun, now.getTime() + Math.min(job.everySeconds * 1000, LEASE_MS)));
  }

  private start(job: JobDefinition, runId: number, startedAt: Date): void {
    const controller = new AbortController();
    const flight: Flight = { job, runId, startedAt, controller, timedOut: false, done: Promise.resolve() };
    this.flights.set(job.name, flight);
    flight.done = (async () => {
      let outcome: 'succeeded' | 'failed' = 'succeeded';
      let error: string | null = null;
      try {
        await job.run(controller.signal);
      } catch (err) {
        outcome = 'failed';
        error = errorText(err);
        this.log.error({ err, job: job.name }, 'background job failed');
      }
      try {
        await this.finish(flight, outcome, error);
      } catch (err) {
        this.log.error({ err, job: job.name }, 'background job run could not be recorded');
      } finally {
        this.flights.delete(job.name);
      }
    })();
  }

  /** Records the run's end (unless its timeout already did) and gives the job back. */
  private async finish(flight: Flight, outcome: 'succeeded' | 'failed', error: string | null): Promise<void> {
    const now = this.now();
    // A run past its timeout does not count as a success, even if it ends well later.
    const succeeded = outcome === 'succeeded' && !flight.timedOut;
    await this.db.execute(sql`
      with run as (
        update job_runs set finished_at = ${now.toISOString()}::timestamptz, outcome = ${outcome}, error = ${error}
        where id = ${flight.runId} and outcome = 'running'
      )
      update jobs set lease_owner = null, lease_until = null,
        last_success_at = case when ${succeeded}::boolean then ${now.toISOString()}::timestamptz else last_success_at end
      where name = ${flight.job.name} and lease_owner = ${this.instance}`);
    if (!flight.timedOut) {
      this.onRunEnd({
        job: flight.job.name,
        outcome,
        durationMs: now.getTime() - flight.startedAt.getTime(),
      });
    }
  }

  private async timeOut(now: Date): Promise<void> {
    for (const flight of this.flights.values()) {
      const limitMs = flight.job.timeoutSeconds * 1000;
      if (flight.timedOut || now.getTime() - flight.startedAt.getTime() < limitMs) continue;
      flight.timedOut = true;
      const error = `ran past its timeout of ${flight.job.timeoutSeconds} s`;
      flight.controller.abort(new Error(error));
      this.log.error(
        { job: flight.job.name, timeoutSeconds: flight.job.timeoutSeconds },
        'background job timed out',
      );
      this.onRunEnd({ job: flight.job.name, outcome: 'timed_out', durationMs: limitMs });
      try {
        await this.db.execute(sql`
          update job_runs set finished_at = ${now.toISOString()}::timestamptz, outcome = 'timed_out', error = ${error}
          where id = ${flight.runId} and outcome = 'running'`);
      } catch (err) {
        this.log.error({ err, job: flight.job.name }, 'background job timeout could not be recorded');
      }
    }
  }

  /** Keeps the leases of the runs under way (timed out or not) from lapsing. */
  private async renewLeases(now: Date): Promise<void> {
    if (this.flights.size === 0 || now.getTime() - this.renewedAt < RENEW_EVERY_MS) return;
    const names = [...this.flights.keys()];
    try {
      await this.db.execute(sql`
        update jobs set lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        where name = any(${sql.param(names)}::text[]) and lease_owner = ${this.instance}`);
      this.renewedAt = now.getTime();
    } catch (err) {
      this.log.warn({ err, jobs: names }, 'background job leases could not be renewed');
    }
  }
}

/** Ticks `scheduler` every `intervalMs` of real time until stopped. */
export function runScheduler(scheduler: JobScheduler, intervalMs = 1000): { stop(): Promise<void> } {
  const timer = setInterval(() => void scheduler.tick(), intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await scheduler.stop();
    },
  };
}

/** Succeeded runs are kept two days, failed and timed-out ones thirty (the system page's errors). */
export async function pruneJobRuns(db: Db, now: Date): Promise<void> {
  const day = 24 * 3600_000;
  await db.execute(sql`
    delete from job_runs
    where (outcome = 'succeeded' and started_at < ${new Date(now.getTime() - 2 * day).toISOString()}::timestamptz)
       or started_at < ${new Date(now.getTime() - 30 * day).toISOString()}::timestamptz`);
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}
