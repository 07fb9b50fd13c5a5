// GET /metrics (docs/operating.md#metrics): scraped as Prometheus would, with its bearer token,
// after real requests, a background job's runs and a checkout's hold; refused without the token,
// and absent when no token is configured.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JobScheduler } from '../../../src/modules/jobs/job-scheduler';
import { createMetrics, type Metrics } from '../../../src/modules/metrics/metrics';
import { buildTestApp } from '../../helpers/test-app';

const TOKEN = 'metrics-token-for-the-tests-7f3a9c1e5b2d8046';
const quietLog = { error: () => {}, warn: () => {} };

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-z_]+=")/);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', async () => {
  let metrics: Metrics | undefined;
  const t = await buildTestApp({
    template: 'demo',
    env: { METRICS_TOKEN: TOKEN },
    metrics: (ctx) => (metrics = createMetrics(ctx)),
  });
  const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers only its bearer token, never cached', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const boats = (await t.app.inject('/api/boats')).json() as { items: { _id: string }[] };
    const id = boats.items[0]!._id;
    await t.app.inject(`/api/boat/${id}?start=2027-07-01T00:00:00.000Z&end=2027-08-01T00:00:00.000Z`);
    await t.app.inject('/api/boat/not-a-boat');
    const text = (await scrape()).body;
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/boats', status: '200' })).toBe(
      1,
    );
    // The pattern, not the address: one series for every boat.
    expect(sample(text, 'http_requests_total', { route: '/api/boat/:id', status: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { route: '/api/boat/:id', status: '400' })).toBe(1);
    expect(text).not.toContain(id);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/boats',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/boats', le: '+Inf' })).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it("reports each job's runs, failures and last success", async () => {
    const at = Date.parse('2027-07-01T08:00:00.000Z');
    let now = new Date(at);
    const scheduler = new JobScheduler(
      t.ctx.db,
      () => now,
      [
        { name: 'metrics-quick-job', everySeconds: 10, timeoutSeconds: 5, run: async () => {} },
        {
          name: 'metrics-failing-job',
          everySeconds: 10,
          timeoutSeconds: 5,
          run: () => Promise.reject(new Error('no')),
        },
      ],
      quietLog,
      (report) => metrics!.observeJobRun(report),
    );
    for (const seconds of [0, 10]) {
      now = new Date(at + seconds * 1000);
      await scheduler.tick();
      await scheduler.idle();
    }
    await scheduler.stop();
    const text = (await scrape()).body;
    expect(sample(text, 'job_runs_total', { job: 'metrics-quick-job', outcome: 'succeeded' })).toBe(2);
    expect(sample(text, 'job_runs_total', { job: 'metrics-failing-job', outcome: 'failed' })).toBe(2);
    expect(sample(text, 'job_run_duration_seconds_count', { job: 'metrics-quick-job' })).toBe(2);
    expect(sample(text, 'job_last_success_timestamp_seconds', { job: 'metrics-quick-job' })).toBe(
      (at + 10_000) / 1000,
    );
    expect(
      sample(text, 'job_last_success_timestamp_seconds', { job: 'metrics-failing-job' }),
    ).toBeUndefined();
  });

  it('reads the outbox, the holds alive and the AEAT records waiting from the database', async () => {
    const text = (await scrape()).body;
    for (const name of [
      'email_outbox_pending',
      'email_outbox_failed',
      'email_outbox_oldest_pending_age_seconds',
      'holds_alive',
      'aeat_records_waiting',
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
    const pool = sample(text, 'db_pool_connections', { state: 'total' });
    if (t.database.kind === 'postgres') expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });

  it('serves every series the ready Grafana dashboard (docs/grafana/dashboard.json) plots', async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../../../docs/grafana/dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const exposed = new Set(
      [...(await scrape()).body.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      ),
    );
    const plotted = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap(({ expr }) =>
        [
          ...expr.matchAll(
            /\b([a-z_]+_(?:total|seconds|bucket|pending|failed|alive|waiting|connections))\b/g,
          ),
        ].map((m) => m[1]!),
      ),
    );
    expect(plotted.length).toBeGreaterThan(8);
    for (const name of plotted) expect(exposed, name).toContain(name);
  });
});

describe('GET /metrics without METRICS_TOKEN', async () => {
  const t = await buildTestApp({ template: 'empty' });

  it('is not there at all, token or not', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });
});
