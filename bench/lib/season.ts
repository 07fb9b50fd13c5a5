// `npm run bench -- --scale season`: one PostgreSQL database grown from the demo fleet (7 boats)
// to 50 and to 200 boats of 40 owners with 300,000 bookings over two years
// (apps/server/test/helpers/season-seed.ts), the public reads and checkout measured at each size
// (how cost grows with the data), then the back office at 200 boats: 20 concurrent staff on the
// bookings list (a month, filtered, searched, sorted, paged, each answer with the month's KPIs),
// the trips of a day and a manifest, the audit trail and a month's invoices (billing records), the CSV export of a month (time and the server's memory),
// the payout run for 40 owners, and an owner's earnings and statement. Each back-office answer
// is measured twice more while sales land through the real checkout, at 2 and at 10 a second:
// staff in a season read while customers buy, and the targets apply to the run at 2.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { canaryDateKey } from '@boats/domain/canary-time';
import { spawnServer, type ServerProcess } from '../../apps/server/test/helpers/spawn-server';
import { seedSeason, type Sql } from '../../apps/server/test/helpers/season-seed';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { codeAt } from '../../apps/server/test/helpers/second-factor';
import { prepareBenchData, type BenchData } from './bench-data';
import { planBuffers } from './plan-buffers';
import { cpuBetween, cpuClock, type CpuReading } from './cpu-time';
import { measure, warmUp, type LoadFigures } from './load';
import { landSales, measureCheckout, measureGet, type SalesLanded, type ScenarioResult } from './scenarios';
import type { TargetCheck } from './targets';

export const SEASON = { boats: 200, owners: 40, bookings: 300_000, staff: 20 };
/** The fleet sizes "how it grows" is measured at: the demo, then season boats added. */
const SIZES = [7, 50, 200];
const LIST_P99_MS = 50;
const CSV_MS = 2000;
const CSV_MEMORY_MB = 50;
const PAYOUT_RUN_MS = 5000;
/** Sales a second landing while staff read: the season's steady rate, then a busy hour's. */
const SALES_RATES = [2, 10] as const;
/** The rate the back office's targets are checked at. */
const TARGET_SALES_RATE = 2;

type GrowthStep = {
  boats: number;
  bookings: number;
  catalogue: ScenarioResult;
  month: ScenarioResult;
  list: ScenarioResult;
  checkout: ScenarioResult;
};

/**
 * One staff member alone: an answer worked out anew (every cached answer dropped first, as a
 * committed change drops them) and answers while nothing changes, one request at a time.
 */
type AloneFigure = { missMs: number; hitP50Ms: number; hitP99Ms: number };

/** The 20 staff's figures while sales landed at a rate: what they lived through. */
type UnderSales = LoadFigures & {
  sales: SalesLanded;
  /** The data-change notifications meanwhile, per table. */
  changes: Record<string, number>;
};

type BackOfficeFigure = ScenarioResult & {
  key: string;
  alone?: AloneFigure;
  /** The data-change notifications during the 20 staff's run, per table: each drops every answer. */
  changes?: Record<string, number>;
  /** Shared buffers its queries read when worked out anew (bench/lib/plan-buffers.ts). */
  planBuffers?: number;
  /** The same answers with sales landing, one run per rate of SALES_RATES. */
  underSales?: UnderSales[];
};

/** Counts the server's data-change notifications per table while it listens. */
async function changeCounter(databaseUrl: string) {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  let counts: Record<string, number> = {};
  listener.on('notification', (n) => {
    const table = (n.payload ?? '').split(':', 1)[0] ?? '';
    counts[table] = (counts[table] ?? 0) + 1;
  });
  await listener.query('listen data_changed');
  return {
    /** The counts since the last call, and a fresh start. */
    take(): Record<string, number> {
      const taken = counts;
      counts = {};
      return taken;
    },
    close: () => listener.end(),
  };
}

const ALONE_MISSES = 3;
const ALONE_SECONDS = 3;

async function aloneFigure(url: string, headers: Record<string, string>, sql: Sql): Promise<AloneFigure> {
  const misses: number[] = [];
  for (let i = 0; i < ALONE_MISSES; i++) {
    // A notification like a committed change to bookings that names no trip: the server drops
    // its back-office answers and every bookings figure.
    await sql(`select pg_notify('data_changed', 'bookings:*')`);
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    misses.push(performance.now() - started);
  }
  const hits = await measure({ url, seconds: ALONE_SECONDS, headers, connections: 1 });
  return {
    missMs: Math.round(misses.sort((a, b) => a - b)[Math.floor(ALONE_MISSES / 2)]!),
    hitP50Ms: hits.p50Ms,
    hitP99Ms: hits.p99Ms,
  };
}

type CsvFigure = { bookings: number; ms: number; bytes: number; memoryGrowthMb: number };

/** One payout run over the season: how long the call took and what it did. */
type PayoutRunFigure = { ms: number; paid: number; skipped: number; failed: number; earningLines: number };

export type SeasonResult = {
  seedSeconds: number;
  growth: GrowthStep[];
  backOffice: BackOfficeFigure[];
  csv: CsvFigure | { error: string };
  /** The first run writes the earning lines of two years' completed trips; the second finds none. */
  payoutRuns: (PayoutRunFigure | { error: string })[];
  targets: TargetCheck[];
};

const log = (line: string) => console.log(`[bench] ${line}`);

/** Resident memory of a process in bytes (Linux /proc). */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** A staff account made directly in the database, signed in through the real route. */
async function staffToken(sql: Sql, base: string): Promise<string> {
  const email = `bench-admin-${randomUUID().slice(0, 8)}@season.example`;
  const password = randomBytes(12).toString('hex');
  await sql(`insert into users (email, password_hash, role) values ($1, $2, 'admin')`, [
    email,
    await hashPassword(password),
  ]);
  return signIn(base, email, password);
}

/** Signs a staff account in through the real routes, enrolling its second factor when asked. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/user/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const signedIn = (await res.json()) as { accessToken?: string; challenge?: string };
  if (signedIn.accessToken) return signedIn.accessToken;
  // An admin enrols a second factor at the first sign-in (docs/security.md): as a person would.
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { challenge } = signedIn;
  const setup = await post('/user/second-factor/setup', { challenge });
  if (!setup.ok) throw new Error(`second factor setup answered ${setup.status}: ${await setup.text()}`);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await post('/user/second-factor/confirm', {
    challenge,
    code: await codeAt(secret, new Date()),
  });
  if (!confirmed.ok)
    throw new Error(`second factor confirm answered ${confirmed.status}: ${await confirmed.text()}`);
  return ((await confirmed.json()) as { session: { accessToken: string } }).session.accessToken;
}

/** The calendar month (UTC) a year's middle falls in: the busiest stretch of the seeded season. */
function seasonMonth(now: Date): { start: string; end: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
  return { start: start.toISOString(), end: end.toISOString() };
}

async function staffGet(
  key: string,
  name: string,
  base: string,
  path: string,
  token: string,
  seconds: number,
  readCpu: () => Promise<CpuReading>,
  watch: { sql: Sql; changes: { take(): Record<string, number> }; data: BenchData },
): Promise<BackOfficeFigure> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
  const probe = await fetch(base + path, { headers });
  if (!probe.ok) {
    return {
      key,
      name,
      status: 'skipped',
      reason: `probe answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`,
    };
  }
  const alone = await aloneFigure(base + path, headers, watch.sql);
  await warmUp(base + path, undefined, headers);
  const before = await readCpu();
  watch.changes.take();
  const figures = await measure({ url: base + path, seconds, headers, connections: SEASON.staff });
  const changes = watch.changes.take();
  const cpu = cpuBetween(before, await readCpu());
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, figures.requests));
  const underSales: UnderSales[] = [];
  for (const perSecond of SALES_RATES) {
    const sales = landSales(base, watch.data, perSecond, nextSalesCustomer);
    nextSalesCustomer += 100_000;
    watch.changes.take();
    const loaded = await measure({ url: base + path, seconds, headers, connections: SEASON.staff });
    underSales.push({ ...loaded, changes: watch.changes.take(), sales: await sales.stop() });
  }
  return {
    key,
    name,
    status: 'measured',
    unit: 'req/s',
    ...figures,
    cpuPerRequest: { serverUs: perRequest(cpu.serverMs), databaseUs: perRequest(cpu.databaseMs) },
    alone,
    changes,
    underSales,
  };
}

/** The customers of the sales landing during the staff's runs: numbered apart from the checkout run's. */
let nextSalesCustomer = 1_000_000;

async function csvOfMonth(
  base: string,
  token: string,
  month: { start: string; end: string },
  pid: number,
): Promise<CsvFigure> {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  const started = performance.now();
  try {
    const query = `start=${encodeURIComponent(month.start)}&end=${encodeURIComponent(month.end)}`;
    const res = await fetch(`${base}/api/admin/bookings/export.csv?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    const text = await res.text();
    const ms = Math.round(performance.now() - started);
    peak = Math.max(peak, rssBytes(pid));
    return {
      bookings: text.split('\r\n').filter((line) => line.length > 0).length - 1,
      ms,
      bytes: Buffer.byteLength(text),
      memoryGrowthMb: Math.round(((peak - before) / 2 ** 20) * 10) / 10,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** POST /api/admin/payouts/run, timed to its answer (the sandbox pays every account at once). */
async function payoutRun(base: string, token: string, sql: Sql): Promise<PayoutRunFigure> {
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/payouts/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`payout run answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const ms = Math.round(performance.now() - started);
  const report = (await res.json()) as { paid: unknown[]; failed: unknown[]; skipped: unknown[] };
  const [lines] = await sql('select count(*)::int as n from owner_earning_lines');
  return {
    ms,
    paid: report.paid.length,
    failed: report.failed.length,
    skipped: report.skipped.length,
    earningLines: Number(lines!.n),
  };
}

export async function seasonRun(options: {
  pgBase: string;
  seconds: number;
  serverEnv: (extra: Record<string, string>) => Record<string, string>;
}): Promise<SeasonResult> {
  const name = `boats_season_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: options.pgBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(options.pgBase);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  let server: ServerProcess | undefined;
  let changes: Awaited<ReturnType<typeof changeCounter>> | undefined;
  const now = new Date();
  const start = () =>
    spawnServer({
      env: options.serverEnv({ DATABASE_URL: url.toString() }),
      run: 'dist',
      readyTimeoutMs: 300_000,
    });
  try {
    log(`season: throwaway database ${name}`);
    // The first start migrates and seeds the demo fleet (7 boats).
    server = await start();
    await client.connect();
    const sql: Sql = async (text, params) =>
      (await client.query(text, params)).rows as Record<string, unknown>[];
    changes = await changeCounter(url.toString());

    const data = await prepareBenchData(sql, now);
    const watch = { sql, changes, data };
    const month = seasonMonth(now);
    const growth: GrowthStep[] = [];
    let seedSeconds = 0;
    let boats = Number((await sql('select count(*)::int as n from boats'))[0]!.n);
    const perBoat = SEASON.bookings / (SEASON.boats - boats);
    for (const size of SIZES) {
      if (size > boats) {
        await server.stop();
        server = undefined;
        const added = size - boats;
        log(`season: adding ${added} boats and ${Math.round(added * perBoat)} bookings…`);
        const seeded = performance.now();
        await seedSeason(sql, {
          boats: added,
          bookings: Math.round(added * perBoat),
          owners: Math.max(1, Math.round((SEASON.owners * added) / (SEASON.boats - 7))),
          now,
        });
        seedSeconds += (performance.now() - seeded) / 1000;
        boats = size;
        server = await start();
      }
      const bookings = Number((await sql('select count(*)::int as n from bookings'))[0]!.n);
      log(`season: ${boats} boats, ${bookings} bookings`);
      const readCpu = cpuClock(server.child.pid!, url.toString());
      const monthPath = `/api/boat/${data.monthBoatId}?start=${encodeURIComponent(data.month.start)}&end=${encodeURIComponent(data.month.end)}`;
      const token = await staffToken(sql, server.url);
      const listPath = `/checkout/bookings?start=${encodeURIComponent(month.start)}&end=${encodeURIComponent(month.end)}`;
      growth.push({
        boats,
        bookings,
        catalogue: await measureGet('GET /api/boats', server.url, ['/api/boats'], options.seconds, readCpu),
        month: await measureGet(
          'GET /api/boat/{id} (a month)',
          server.url,
          [monthPath],
          options.seconds,
          readCpu,
        ),
        list: await staffGet(
          'list',
          'bookings list, a month',
          server.url,
          listPath,
          token,
          options.seconds,
          readCpu,
          watch,
        ),
        checkout: await measureCheckout(server.url, data, options.seconds, readCpu),
      });
      const step = growth[growth.length - 1]!;
      log(
        `season: at ${boats} boats: ${[step.catalogue, step.month, step.list, step.checkout]
          .map((s) =>
            s.status === 'measured'
              ? `${s.name} ${s.bookingsPerSecond ?? s.requestsPerSecond}/s p99 ${s.p99Ms} ms`
              : `${s.name} skipped`,
          )
          .join('; ')}`,
      );
    }

    // The back office at full size.
    const token = await staffToken(sql, server.url);
    const readCpu = cpuClock(server.child.pid!, url.toString());
    const range = `start=${encodeURIComponent(month.start)}&end=${encodeURIComponent(month.end)}`;
    const firstPage = (await (
      await fetch(`${server.url}/checkout/bookings?${range}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { nextCursor: string | null };
    const [trip] = await sql(
      `select s.id, s.starts_at from slots s join bookings b on b.slot_id = s.id
       where s.type = 'shared' and b.status in ('paid', 'confirmed') group by s.id order by count(*) desc, s.starts_at limit 1`,
    );
    const day = canaryDateKey(trip?.starts_at instanceof Date ? trip.starts_at : now);
    const scenarios: [string, string, string][] = [
      ['list', 'bookings list, a month (page 1, with KPIs)', `/checkout/bookings?${range}`],
      [
        'filtered',
        'bookings list, a month, confirmed shared trips',
        `/checkout/bookings?${range}&status=confirmed&type=shared`,
      ],
      [
        'searched',
        'bookings list, a month, searched by name',
        `/checkout/bookings?${range}&q=${encodeURIComponent('Customer 12')}`,
      ],
      ['sorted', 'bookings list, a month, newest first', `/checkout/bookings?${range}&sort=desc`],
      [
        'paged',
        'bookings list, a month, page 2',
        `/checkout/bookings?${range}&cursor=${encodeURIComponent(firstPage.nextCursor ?? '')}`,
      ],
      ['trips', 'trips of a day', `/api/crew/trips?date=${day}`],
      ['manifest', "a trip's manifest", `/api/crew/trips/${String(trip?.id)}/manifest`],
      ['audit', 'the audit trail (first page)', '/api/admin/audit'],
      [
        'auditMonth',
        'the audit trail of a month',
        `/api/admin/audit?from=${month.start.slice(0, 10)}&to=${month.end.slice(0, 10)}`,
      ],
      [
        'records',
        'the invoices of a month (billing records)',
        `/api/admin/invoicing/records?month=${month.start.slice(0, 7)}`,
      ],
    ];
    const backOffice: BackOfficeFigure[] = [];
    for (const [key, label, path] of scenarios) {
      log(`season: ${label}…`);
      const figure = await staffGet(key, label, server.url, path, token, options.seconds, readCpu, watch);
      backOffice.push(figure);
      log(
        `season: ${label}: ${figure.status === 'measured' ? `${figure.requestsPerSecond} req/s, p99 ${figure.p99Ms} ms` : figure.reason}`,
      );
    }
    log('season: the back office plans (EXPLAIN ANALYZE, BUFFERS)…');
    const buffers = await planBuffers(
      url.toString(),
      { month, day, tripId: String(trip?.id), search: 'Customer 12' },
      now,
    );
    for (const figure of backOffice) figure.planBuffers = buffers[figure.key];
    log('season: CSV export of a month…');
    const csv = await csvOfMonth(server.url, token, month, server.child.pid!).catch((err: Error) => ({
      error: err.message,
    }));
    // Owners' money: the first payout run pays the season's completed trips (and writes their
    // earning lines), the second finds nothing new; then the busiest owner's earnings and
    // statements (their payouts with each payout's lines), as the owner's page reads them.
    const payoutRuns: SeasonResult['payoutRuns'] = [];
    for (const which of ['first', 'second']) {
      log(`season: the ${which} payout run…`);
      const run = await payoutRun(server.url, token, sql).catch((err: Error) => ({ error: err.message }));
      payoutRuns.push(run);
      log(
        `season: the ${which} payout run: ${'error' in run ? run.error : `${run.ms} ms, ${run.paid} paid`}`,
      );
    }
    const [busiest] = await sql(
      `select owner_id from owner_earning_lines group by owner_id order by count(*) desc limit 1`,
    );
    const ownerId = typeof busiest?.owner_id === 'string' ? busiest.owner_id : '';
    for (const [key, label, path] of [
      [
        'earnings',
        "an owner's earnings (balance and latest lines)",
        `/api/owner/earnings?ownerId=${ownerId}`,
      ],
      [
        'statement',
        "an owner's statements (payouts with their lines)",
        `/api/owner/payouts?ownerId=${ownerId}`,
      ],
    ] as const) {
      log(`season: ${label}…`);
      const figure = await staffGet(key, label, server.url, path, token, options.seconds, readCpu, watch);
      backOffice.push(figure);
      log(
        `season: ${label}: ${figure.status === 'measured' ? `${figure.requestsPerSecond} req/s, p99 ${figure.p99Ms} ms` : figure.reason}`,
      );
    }
    return {
      seedSeconds: Math.round(seedSeconds),
      growth,
      backOffice,
      csv,
      payoutRuns,
      targets: seasonTargets(backOffice, csv, payoutRuns),
    };
  } finally {
    await changes?.close().catch(() => {});
    await client.end().catch(() => {});
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function seasonTargets(
  backOffice: BackOfficeFigure[],
  csv: CsvFigure | { error: string },
  payoutRuns: SeasonResult['payoutRuns'],
): TargetCheck[] {
  const checks: TargetCheck[] = backOffice.map((figure) => {
    const target = `season, ${figure.name}: p99 ≤ ${LIST_P99_MS} ms at ${SEASON.staff} concurrent staff with ${TARGET_SALES_RATE} sales a second`;
    const loaded =
      figure.status === 'measured'
        ? figure.underSales?.find((run) => run.sales.perSecond === TARGET_SALES_RATE)
        : undefined;
    if (!loaded) {
      return {
        target,
        actual: `not measured (${figure.status === 'skipped' ? figure.reason : 'no run under sales'})`,
        pass: false,
      };
    }
    return {
      target,
      actual: `p99 ${loaded.p99Ms} ms, ${loaded.requestsPerSecond} req/s, ${loaded.requests} answered, ${loaded.errors} errors; ${loaded.sales.sold} sales landed (${loaded.sales.failed} failed)`,
      // A run in which no answer came back, or no sale landed, measured nothing: a miss.
      pass:
        loaded.requests > 0 &&
        loaded.p99Ms <= LIST_P99_MS &&
        loaded.errors === 0 &&
        loaded.sales.sold > 0 &&
        loaded.sales.failed === 0,
    };
  });
  if ('error' in csv) {
    checks.push({ target: 'season, CSV of a month', actual: `failed: ${csv.error}`, pass: false });
  } else {
    checks.push(
      {
        target: `season, CSV of a month (${csv.bookings} bookings) ≤ ${CSV_MS} ms`,
        actual: `${csv.ms} ms, ${(csv.bytes / 2 ** 20).toFixed(1)} MB`,
        pass: csv.ms <= CSV_MS,
      },
      {
        target: `season, CSV export: server memory growth ≤ ${CSV_MEMORY_MB} MB`,
        actual: `${csv.memoryGrowthMb} MB`,
        pass: csv.memoryGrowthMb <= CSV_MEMORY_MB,
      },
    );
  }
  const [first] = payoutRuns;
  checks.push(
    !first || 'error' in first
      ? {
          target: 'season, payout run for 40 owners',
          actual: `failed: ${first?.error ?? 'not run'}`,
          pass: false,
        }
      : {
          target: `season, payout run for ${SEASON.owners} owners ≤ ${PAYOUT_RUN_MS} ms`,
          actual: `${first.ms} ms (${first.paid} paid, ${first.skipped} skipped, ${first.failed} failed; ${first.earningLines} earning lines written)`,
          pass: first.ms <= PAYOUT_RUN_MS && first.failed === 0,
        },
  );
  return checks;
}
