// What an operator's Prometheus scrapes from each instance (docs/operating.md#metrics): the
// requests by route and status with their latency, each background job's runs, and, read from the
// database at each scrape, the e-mail outbox's backlog, the holds alive, the jobs' last successes,
// the AEAT records waiting and the PostgreSQL pool's connections. One registry per app, not
// prom-client's global one, so two apps in one process (the tests) never share a counter.
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import type { JobRunReport } from '../jobs/job-scheduler';
import { isLiveHold } from '../occupancy/live-hold';
import type { SystemStatus } from '@boats/domain/schemas/system';
import { systemStatus } from '../system/system-status';

/** Request latency buckets, in seconds: the back office's 50 ms goal and the p99s around it. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job durations, in seconds: from a quick sweep to a payout run near its timeout. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export type Metrics = {
  registry: Registry;
  /** One scrape: the jobs and the outbox read once, then every series in the text format. */
  scrape(): Promise<string>;
  /** One answered request: its route's pattern (never the raw URL: ids would explode the series). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One finished background job run (the scheduler's onRunEnd). */
  observeJobRun(report: JobRunReport): void;
};

export function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs ended by this instance, by job and outcome (succeeded, failed, timed_out).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'Duration of the background job runs ended by this instance.',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });

  // Read at each scrape, from the database every instance shares. The jobs' and the outbox's
  // gauges share one reading of the system status, taken by scrape() before the registry collects
  // (it collects its metrics at once, so one gauge cannot hand its reading to another).
  let status: SystemStatus | null = null;
  new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When each background job last ended well, on any instance (Unix time; absent: never).',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const job of status?.jobs ?? []) {
        if (job.lastSuccessAt) this.set({ job: job.name }, Date.parse(job.lastSuccessAt) / 1000);
      }
    },
  });
  new Gauge({
    name: 'email_outbox_pending',
    help: 'E-mails waiting to be sent, retries included.',
    registers: [registry],
    collect() {
      this.set(status?.outbox.pending ?? 0);
    },
  });
  new Gauge({
    name: 'email_outbox_failed',
    help: 'E-mails given up on (attempts exhausted or address refused).',
    registers: [registry],
    collect() {
      this.set(status?.outbox.failed ?? 0);
    },
  });
  new Gauge({
    name: 'email_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail still waiting (0 when none waits).',
    registers: [registry],
    collect() {
      const oldest = status?.outbox.oldestPendingAt;
      this.set(oldest ? Math.max(0, (ctx.now().getTime() - Date.parse(oldest)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'holds_alive',
    help: 'Checkouts holding seats or charter hours right now (pending, hold not lapsed).',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ n: number | string }>(
        await ctx.db.execute(sql`select count(*) as n from bookings where ${isLiveHold(ctx.now())}`),
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'aeat_records_waiting',
    help: 'VERI*FACTU billing records not yet accepted or rejected by the AEAT (pending or sent).',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ n: number | string }>(
        await ctx.db.execute(
          sql`select count(*) as n from aeat_submissions where state in ('pending', 'sent')`,
        ),
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: "The PostgreSQL pool's connections by state (total, idle, waiting for one); absent on the embedded database.",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = ctx.database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    async scrape() {
      status = await systemStatus(ctx.db, ctx.now());
      return registry.metrics();
    },
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    observeJobRun({ job, outcome, durationMs }) {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, durationMs / 1000);
    },
  };
}
