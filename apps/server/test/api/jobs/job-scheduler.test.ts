// The background jobs' scheduler (modules/jobs/job-scheduler.ts) on a real database, with the
// app's clock moved by hand: a job stuck for a minute delays no other job's run, a failing job
// neither, a job never runs twice at once across instances, and every run is recorded and shown
// to the admin on the system page. No real minute passes: each tick is one call at a chosen instant.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../../src/db/schema';
import { backgroundJobs } from '../../../src/modules/jobs/background-jobs';
import { JobScheduler, LEASE_MS, type JobDefinition } from '../../../src/modules/jobs/job-scheduler';
import { createMailTransport } from '../../../src/modules/mail/mail-transport';
import { startFakeAeat } from '../../../src/dev/fake-aeat';
import { soapTaxAuthority } from '../../../src/modules/verifactu/aeat-connection';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { tokenFor } from '../../helpers/admin-token';

const T0 = Date.parse('2027-07-01T08:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const quietLog = { error: () => {}, warn: () => {} };

type RunRecord = {
  job: string;
  started_at: string | Date;
  finished_at: string | Date | null;
  outcome: string;
  error: string | null;
};

async function runsOf(t: TestApp, job: string): Promise<RunRecord[]> {
  const result = await t.ctx.db.execute(
    sql`select job, started_at, finished_at, outcome, error from job_runs where job = ${job} order by started_at, id`,
  );
  return (result as unknown as { rows: RunRecord[] }).rows;
}
const startSeconds = (runs: RunRecord[]) => runs.map((r) => (new Date(r.started_at).getTime() - T0) / 1000);

/** A job whose runs wait until the test lets them go (or their signal aborts, if `onAbort` says so). */
function stuckJob(name: string, everySeconds: number, timeoutSeconds: number) {
  const releases: (() => void)[] = [];
  const aborted: string[] = [];
  const job: JobDefinition = {
    name,
    everySeconds,
    timeoutSeconds,
    run: (signal) =>
      new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => aborted.push(String((signal.reason as Error).message)));
        releases.push(resolve);
      }),
  };
  return { job, aborted, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

/** Ticks at each instant and waits until the quick jobs started then have ended. */
async function tickAt(t: TestApp, scheduler: JobScheduler, seconds: number, quick: string[]): Promise<void> {
  t.setNow(at(seconds));
  await scheduler.tick();
  await vi.waitFor(() => expect(scheduler.running().filter((name) => quick.includes(name))).toEqual([]));
}

describe('background jobs, each on its own schedule and timeout', () => {
  // One app for the tests on made-up jobs: each test names its own jobs and starts its clock at T0.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: at(0) });
  });

  it('a job stuck for a minute delays no other job, and a failing one neither', async () => {
    t.setNow(at(0));
    const stuck = stuckJob('stuck-job', 10, 30);
    let quickRuns = 0;
    const jobs: JobDefinition[] = [
      stuck.job,
      { name: 'quick-job', everySeconds: 10, timeoutSeconds: 30, run: async () => void (quickRuns += 1) },
      {
        name: 'failing-job',
        everySeconds: 20,
        timeoutSeconds: 30,
        run: () => Promise.reject(new Error('the mail server said no')),
      },
    ];
    const reports: string[] = [];
    const scheduler = new JobScheduler(t.ctx.db, t.ctx.now, jobs, quietLog, (r) =>
      reports.push(`${r.job}:${r.outcome}`),
    );

    for (let s = 0; s <= 60; s += 5) await tickAt(t, scheduler, s, ['quick-job', 'failing-job']);

    // The quick job ran on time, every 10 s, the whole minute the other was stuck.
    const quick = await runsOf(t, 'quick-job');
    expect(startSeconds(quick)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(quick.every((r) => r.outcome === 'succeeded')).toBe(true);
    expect(quickRuns).toBe(7);
    // The failing job failed on its own schedule, its error recorded each time.
    const failing = await runsOf(t, 'failing-job');
    expect(startSeconds(failing)).toEqual([0, 20, 40, 60]);
    expect(failing.map((r) => [r.outcome, r.error])).toEqual(
      Array(4).fill(['failed', 'the mail server said no']),
    );
    // The stuck job: one run, recorded as timed out at its timeout (30 s), its signal aborted,
    // and not started again while it still runs.
    const stuckRuns = await runsOf(t, 'stuck-job');
    expect(startSeconds(stuckRuns)).toEqual([0]);
    expect(stuckRuns[0]).toMatchObject({ outcome: 'timed_out', error: 'ran past its timeout of 30 s' });
    expect(new Date(stuckRuns[0]!.finished_at!).getTime()).toBe(at(30).getTime());
    expect(stuck.aborted).toEqual(['ran past its timeout of 30 s']);
    expect(scheduler.running()).toEqual(['stuck-job']);
    expect(reports.filter((r) => r.startsWith('stuck-job'))).toEqual(['stuck-job:timed_out']);

    // Once it really stops, it runs again at the next tick.
    stuck.releaseAll();
    await vi.waitFor(() => expect(scheduler.running()).toEqual([]));
    await tickAt(t, scheduler, 65, ['quick-job', 'failing-job']);
    expect(startSeconds(await runsOf(t, 'stuck-job'))).toEqual([0, 65]);
    stuck.releaseAll();
    await scheduler.idle();

    // The admin's system page shows it all.
    await t.ctx.db.insert(emailOutbox).values([
      { kind: 'test', toAddress: 'a@example.com', subject: 'a', textBody: 'a', createdAt: at(-120) },
      { kind: 'test', toAddress: 'b@example.com', subject: 'b', textBody: 'b', createdAt: at(-60) },
      { kind: 'test', toAddress: 'c@example.com', subject: 'c', textBody: 'c', status: 'failed' },
    ]);
    const admin = await tokenFor(t, 'admin');
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(page.statusCode).toBe(200);
    const status = page.json<{
      jobs: {
        name: string;
        everySeconds: number;
        timeoutSeconds: number;
        lastRun: { outcome: string } | null;
        lastSuccessAt: string | null;
        lastDay: object;
      }[];
      outbox: object;
      errors: { job: string; outcome: string; error: string }[];
    }>();
    const byName = Object.fromEntries(status.jobs.map((j) => [j.name, j]));
    expect(byName['quick-job']).toMatchObject({
      everySeconds: 10,
      timeoutSeconds: 30,
      lastRun: { outcome: 'succeeded' },
      lastSuccessAt: at(60).toISOString(),
      lastDay: { succeeded: 7, failed: 0, timedOut: 0 },
    });
    expect(byName['stuck-job']).toMatchObject({
      lastRun: { outcome: 'succeeded' },
      lastDay: { succeeded: 1, failed: 0, timedOut: 1 },
    });
    expect(byName['failing-job']).toMatchObject({ lastSuccessAt: null, lastDay: { failed: 4 } });
    expect(status.outbox).toEqual({ pending: 2, failed: 1, oldestPendingAt: at(-120).toISOString() });
    expect(status.errors[0]).toMatchObject({
      job: 'failing-job',
      outcome: 'failed',
      error: 'the mail server said no',
    });
    expect(status.errors).toContainEqual(
      expect.objectContaining({
        job: 'stuck-job',
        outcome: 'timed_out',
        error: 'ran past its timeout of 30 s',
      }),
    );
    // Only the platform admin sees it.
    const owner = await tokenFor(t, 'owner');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  });

  it('never runs a job twice at once across instances; a crashed instance lets go after its lease', async () => {
    t.setNow(at(0));
    const slow = stuckJob('slow-job', 10, 600);
    const a = new JobScheduler(t.ctx.db, t.ctx.now, [slow.job], quietLog);
    const b = new JobScheduler(t.ctx.db, t.ctx.now, [slow.job], quietLog);

    // A claims it; B, ticking at the same instants for two minutes, never starts it while A runs
    // it (A's ticks renew the lease past LEASE_MS).
    for (let s = 0; s <= 120; s += 5) {
      t.setNow(at(s));
      await a.tick();
      await b.tick();
    }
    expect(LEASE_MS).toBeLessThan(120_000);
    expect(a.running()).toEqual(['slow-job']);
    expect(b.running()).toEqual([]);
    expect(await runsOf(t, 'slow-job')).toHaveLength(1);

    // A stops ticking (its process died): its lease, renewed a third of a lease at a time, still
    // holds half a lease later; once it has lapsed, B takes the job.
    t.setNow(at(120 + LEASE_MS / 2000));
    await b.tick();
    expect(b.running()).toEqual([]);
    t.setNow(at(120 + LEASE_MS / 1000 + 15));
    await b.tick();
    expect(b.running()).toEqual(['slow-job']);
    const runs = await runsOf(t, 'slow-job');
    expect(runs.map((r) => [r.outcome, r.error])).toEqual([
      ['failed', 'its server stopped before the run ended'],
      ['running', null],
    ]);
    slow.releaseAll();
    await Promise.all([a.idle(), b.idle()]);
  });

  it('a server restarted on the same host runs its jobs at their next time, without waiting for the lease', async () => {
    t.setNow(at(0));
    const slow = stuckJob('restarted-job', 10, 600);
    const before = new JobScheduler(t.ctx.db, t.ctx.now, [slow.job], quietLog);
    await before.tick();
    expect(before.running()).toEqual(['restarted-job']);
    // The process dies (nothing of it runs any more); the next one is up when the job is due again,
    // well within the dead one's lease.
    await before.stop(0);
    t.setNow(at(10));
    expect(10_000).toBeLessThan(LEASE_MS);
    const after = new JobScheduler(t.ctx.db, t.ctx.now, [slow.job], quietLog);
    await after.tick();
    expect(after.running()).toEqual(['restarted-job']);
    expect((await runsOf(t, 'restarted-job')).map((r) => [startSeconds([r])[0], r.outcome])).toEqual([
      [0, 'failed'],
      [10, 'running'],
    ]);
    slow.releaseAll();
    await Promise.all([before.idle(), after.idle()]);
  });

  it("runs every one of the server's jobs on its own, each recorded as succeeded", async () => {
    const demo = await buildTestApp({ template: 'demo' });
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const transport = createMailTransport({ from: demo.ctx.config.MAIL_FROM, log });
    const fake = await startFakeAeat({ now: demo.ctx.now });
    const authority = soapTaxAuthority({ url: fake.url, where: 'the fake AEAT' });
    const jobs = backgroundJobs(demo.ctx, transport, authority);
    const scheduler = new JobScheduler(demo.ctx.db, demo.ctx.now, jobs, log);
    await scheduler.tick();
    await scheduler.idle();
    const result = await demo.ctx.db.execute(sql`select job, outcome, error from job_runs order by job`);
    const runs = (result as unknown as { rows: { job: string; outcome: string; error: string | null }[] })
      .rows;
    expect(runs).toEqual(
      jobs
        .map((j) => ({ job: j.name, outcome: 'succeeded', error: null }))
        .sort((a, b) => a.job.localeCompare(b.job)),
    );
    transport.close();
    await fake.close();
  });
});
