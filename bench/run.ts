// `npm run bench`: the production server bundle under load on PostgreSQL and PGlite against a
// bare Fastify reference, its start time, the landing bundle's weight and Lighthouse on the
// public pages (publicPages). Prints a table, checks the
// issue's targets and writes bench/results/latest.json. Not part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { boatPath, legalPath, PUBLIC_PATHS } from '@boats/domain/public-paths';
import { freePort, spawnServer, type ServerProcess } from '../apps/server/test/helpers/spawn-server';
import { prepareBenchData, type BenchData, type Sql } from './lib/bench-data';
import { cpuClock } from './lib/cpu-time';
import { landingBundle } from './lib/frontend-size';
import { lighthouseMedian, type PageFigures } from './lib/lighthouse';
import { measureCheckout, measureGet, type ScenarioResult } from './lib/scenarios';
import { statementsPerBooking, type StatementCount } from './lib/statements-per-booking';
import { measureCheckoutFloor } from './lib/checkout-floor';
import { seasonRun, SEASON, signIn } from './lib/season';
import { embeddedBurst, type BurstFigure } from './lib/embedded-burst';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { checkoutKey } from '../apps/server/src/modules/checkout/checkout-key';
import { checkTargets } from './lib/targets';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIR = join(ROOT, 'apps/web');
const DIST_DIR = join(ROOT, 'bench/.tmp/web-dist');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === '1';
/** `--scale season`: the marketplace-scale run (bench/lib/season.ts) instead of the usual one. */
const SCALE = process.argv.includes('--scale')
  ? process.argv[process.argv.indexOf('--scale') + 1]
  : undefined;
/** `--only checkout`: the checkout alone on PostgreSQL, its CPU per booking and statements (checkoutMain). */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const log = (line: string) => console.log(`[bench] ${line}`);

/** Newest modification time under a folder, to rebuild the web app only when it changed. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds into bench/.tmp so a bench never touches apps/web/dist while someone else uses it. */
function ensureWebBuild(): void {
  const built = existsSync(join(DIST_DIR, 'index.html')) ? statSync(join(DIST_DIR, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newest(join(WEB_DIR, 'src')),
    newest(join(WEB_DIR, 'public')),
    newest(join(WEB_DIR, 'index.html')),
    newest(join(ROOT, 'packages/domain/src')),
  );
  if (built > sources) return log('web build is up to date');
  log('building the web app…');
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST_DIR, '--emptyOutDir'],
    {
      cwd: WEB_DIR,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('web build failed');
}

/** The server as production runs it: plain node on the esbuild bundle. */
function buildServer(): void {
  log('building the server bundle…');
  const result = spawnSync(process.execPath, ['build.mjs'], {
    cwd: join(ROOT, 'apps/server'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('server build failed');
}

/** Milliseconds from spawning the process to its first ready answer. */
async function timedStart(
  env: Record<string, string>,
  bundle: boolean,
): Promise<{ server: ServerProcess; ms: number }> {
  const started = performance.now();
  const server = await spawnServer({ env, run: bundle ? 'dist' : 'source', readyTimeoutMs: 300_000 });
  return { server, ms: Math.round(performance.now() - started) };
}

async function referenceRun(): Promise<ScenarioResult> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/lib/reference-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(url).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Measured as the GETs are, with its CPU per answer: where the load generator caps the rates,
    // the CPU per answer still compares what the server spends beside the hello-world (checkTargets).
    return await measureGet('reference: bare Fastify hello-world', url, ['/'], SECONDS, cpuClock(child.pid!));
  } finally {
    child.kill('SIGTERM');
  }
}

async function apiScenarios(
  server: ServerProcess,
  data: BenchData,
  databaseUrl?: string,
): Promise<Record<string, ScenarioResult>> {
  const results: Record<string, ScenarioResult> = {};
  const run = async (key: string, scenario: () => Promise<ScenarioResult>) => {
    log(`  ${key}…`);
    results[key] = await scenario();
    const r = results[key];
    const cpu =
      r.status === 'measured' && r.cpuPerRequest
        ? `, CPU ${r.cpuPerRequest.serverUs} µs server + ${r.cpuPerRequest.databaseUs} µs database per answer`
        : '';
    log(
      `  ${key}: ${r.status === 'measured' ? `${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms, ${r.errors} errors${cpu}, load generator ${r.generatorCpuPercent} % of a core` : `skipped (${r.reason})`}`,
    );
  };
  const month = `start=${encodeURIComponent(data.month.start)}&end=${encodeURIComponent(data.month.end)}`;
  const readCpu = server.child.pid ? cpuClock(server.child.pid, databaseUrl) : undefined;
  await run('health', () =>
    measureGet('GET /healthz (no cache, no database)', server.url, ['/healthz'], SECONDS, readCpu),
  );
  await run('boats', () => measureGet('GET /api/boats', server.url, ['/api/boats'], SECONDS, readCpu));
  await run('month', () =>
    measureGet(
      'GET /api/boat/{id} (a month)',
      server.url,
      [`/api/boat/${data.monthBoatId}?${month}`],
      SECONDS,
      readCpu,
    ),
  );
  await run('lookup', () =>
    measureGet(
      'GET /checkout/booking/{id}',
      server.url,
      // The id alone opens nothing: the customer's checkout key, as the confirmation page asks.
      data.bookingIds.map((id) => `/checkout/booking/${id}?key=${checkoutKey(id, JWT_SECRET)}`),
      SECONDS,
      readCpu,
    ),
  );
  await run('checkout', () => measureCheckout(server.url, data, SECONDS, readCpu));
  return results;
}

/** One signing key for the run's servers, so the bench can sign the checkout keys a lookup needs. */
const JWT_SECRET = randomBytes(32).toString('hex');

const serverEnv = (extra: Record<string, string>) => ({
  NODE_ENV: 'production',
  OPERATOR_LEGAL_NAME: 'Bench Boats S.L.',
  OPERATOR_TAX_ID: 'B12345678',
  OPERATOR_ADDRESS: 'Calle del Puerto 1, 38660 Costa Adeje, Spain',
  LOG_LEVEL: 'error',
  SEED_DEMO_DATA: 'true',
  WEB_DIST_DIR: DIST_DIR,
  // Every simulated customer has its own address (X-Forwarded-For), as behind a load balancer.
  TRUST_PROXY: 'true',
  JWT_SECRET,
  TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  // The bench pays with the sandbox's test cards, which production takes only when told.
  PAYMENTS: 'sandbox',
  // Production names the AEAT's environment; the bench's records go to the local fake AEAT.
  AEAT_ENVIRONMENT: 'preproduction',
  ...extra,
});

type LighthouseResults = Record<string, PageFigures | { error: string }>;

/**
 * The public pages Lighthouse measures (the issue: every public page ≥ 95): the landing page, the
 * booking page for a charter and for tickets, a boat's own page (the fleet's first boat), manage
 * my booking (its look-up form), list your boat, the gift voucher page and a legal page.
 */
async function publicPages(base: string): Promise<string[]> {
  const fleet = (await (await fetch(`${base}/api/boats`)).json()) as { items: { _id: string }[] };
  const boat = fleet.items[0];
  return [
    PUBLIC_PATHS.home,
    PUBLIC_PATHS.booking,
    `${PUBLIC_PATHS.booking}?mode=tickets`,
    ...(boat ? [boatPath(boat._id)] : []),
    PUBLIC_PATHS.manageBooking,
    PUBLIC_PATHS.listYourBoat,
    PUBLIC_PATHS.gift,
    legalPath('privacy'),
  ];
}

async function lighthouseRun(base: string): Promise<LighthouseResults> {
  const lighthouse: LighthouseResults = {};
  if (SKIP_LIGHTHOUSE) return lighthouse;
  for (const page of await publicPages(base)) {
    log(`  Lighthouse ${page} (3 runs)…`);
    try {
      lighthouse[page] = await lighthouseMedian(base + page);
    } catch (err) {
      lighthouse[page] = { error: (err as Error).message };
    }
  }
  return lighthouse;
}

/** The PostgreSQL server of BENCH_DATABASE_URL answers (a fresh clone may have none). */
async function postgresAvailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (err) {
    return `no PostgreSQL at ${PG_BASE} (${(err as Error).message})`;
  }
}

/**
 * A throwaway PostgreSQL database with the production bundle serving it and the bench's data:
 * `run` measures, and the server and the database go whatever it answers.
 */
async function withBenchPostgres<T>(
  run: (bench: { server: ServerProcess; url: string; data: BenchData; version: string }) => Promise<T>,
): Promise<T> {
  const name = `boats_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  const version = String(
    ((await admin.query('show server_version')).rows[0] as { server_version: string }).server_version,
  );
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  let server: ServerProcess | undefined;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    log(`PostgreSQL ${version}: throwaway database ${name}`);
    server = await spawnServer({
      env: serverEnv({ DATABASE_URL: url.toString() }),
      run: 'dist',
      readyTimeoutMs: 300_000,
    });
    await client.connect();
    const sql: Sql = async (text, params) =>
      (await client.query(text, params)).rows as Record<string, unknown>[];
    const data = await prepareBenchData(sql);
    return await run({ server, url: url.toString(), data, version });
  } finally {
    await client.end().catch(() => {});
    await server?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function postgresRun(): Promise<{
  scenarios: Record<string, ScenarioResult>;
  lighthouse: Record<string, PageFigures | { error: string }>;
  version: string;
  statements?: StatementCount;
}> {
  return withBenchPostgres(async ({ server, url, data, version }) => {
    const scenarios = await apiScenarios(server, data, url);
    const statements = await statementsPerBooking(url, data);
    log(
      `SQL per booking: ${statements.statementsPerBooking} statements in ${statements.transactionsPerBooking} transactions`,
    );
    log("  the checkout's floor…");
    scenarios.checkoutFloor = await measureCheckoutFloor(ROOT, url, statements, SECONDS);
    log(`  the checkout's floor: ${cpuLine(scenarios.checkoutFloor, 'PostgreSQL')}`);
    return { scenarios, lighthouse: await lighthouseRun(server.url), version, statements };
  });
}

type StartTimes = { bundleMs: number; tsxMs: number };
/** Simultaneous back-office writes on the embedded database; the first is the size it must serve. */
const EMBEDDED_BURSTS = [30, 60, 120, 240];

async function pgliteRun(withLighthouse: boolean): Promise<{
  scenarios: Record<string, ScenarioResult>;
  lighthouse: LighthouseResults;
  startTimes: StartTimes;
  bursts: BurstFigure[];
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'boats-bench-pglite-'));
  try {
    log(`PGlite in ${dataDir}`);
    // The first start migrates and seeds; the bench trips are added while no server holds the files.
    const env = serverEnv({ DATA_DIR: dataDir });
    await (await spawnServer({ env, run: 'dist', readyTimeoutMs: 300_000 })).stop();
    const db = await PGlite.create(dataDir, { extensions: { btree_gist, pg_trgm } });
    const sql: Sql = async (text, params) => (await db.query(text, params)).rows as Record<string, unknown>[];
    const data = await prepareBenchData(sql);
    // A staff account for the burst of back-office writes, made while no server holds the files.
    const staff = { email: 'bench-burst@bench.example', password: randomBytes(12).toString('hex') };
    await sql(
      `insert into users (email, password_hash, role) values ($1, $2, 'admin') on conflict do nothing`,
      [staff.email, await hashPassword(staff.password)],
    );
    await db.close();
    // Start time on a migrated, seeded database: the source through tsx (development), then the
    // bundle, which stays up for the measurements.
    const tsx = await timedStart(env, false);
    await tsx.server.stop();
    const { server, ms: bundleMs } = await timedStart(env, true);
    const startTimes = { bundleMs, tsxMs: tsx.ms };
    log(`start to ready: bundle ${bundleMs} ms, tsx ${tsx.ms} ms`);
    try {
      const scenarios = await apiScenarios(server, data);
      const lighthouse = withLighthouse ? await lighthouseRun(server.url) : {};
      log('PGlite: bursts of back-office writes…');
      const token = await signIn(server.url, staff.email, staff.password);
      const bursts = await embeddedBurst(server.url, token, EMBEDDED_BURSTS);
      return { scenarios, lighthouse, startTimes, bursts };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function row(scenario: ScenarioResult, referenceRps: number): string {
  if (scenario.status === 'skipped') return `| ${scenario.name} | skipped: ${scenario.reason} | | | | | |`;
  const rate =
    scenario.unit === 'bookings/s'
      ? `${scenario.bookingsPerSecond} bookings/s (${scenario.requestsPerSecond} req/s)`
      : `${scenario.requestsPerSecond} req/s`;
  return `| ${scenario.name} | ${rate} | ${scenario.p50Ms} ms | ${scenario.p99Ms} ms | ${scenario.errors} | ${scenario.timeouts} | ${((scenario.requestsPerSecond / referenceRps) * 100).toFixed(1)}% |`;
}

function cpuLine(scenario: ScenarioResult | undefined, database: string): string {
  const cpu = scenario?.status === 'measured' ? scenario.cpuPerBooking : undefined;
  if (!cpu) return `${database} not measured`;
  const afterwards =
    cpu.afterwardsMs === undefined
      ? ''
      : `, then ${cpu.afterwardsMs} ms of jobs after the sale (e-mail, invoice PDF)`;
  return database === 'PGlite'
    ? `${database} ${cpu.serverMs} ms (server, database inside)${afterwards}`
    : `${database} ${cpu.serverMs} ms server + ${cpu.databaseMs} ms database${afterwards}`;
}

/** CPU per answer of the GET scenarios: what a cached answer costs beyond /healthz, whatever the load. */
function answerCpuLines(database: string, scenarios: Record<string, ScenarioResult>): string[] {
  return Object.values(scenarios).flatMap((s) =>
    s.status === 'measured' && s.cpuPerRequest
      ? [
          `CPU per answer, ${database} ${s.name}: ${s.cpuPerRequest.serverUs} µs server${database === 'PGlite' ? '' : ` + ${s.cpuPerRequest.databaseUs} µs database`}`,
        ]
      : [],
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${process.platform} ${release()}`,
    node: process.version,
    loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
  };
  log(
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, load ${machine.loadAverageAtStart.join(' ')}`,
  );
  ensureWebBuild();
  buildServer();

  log('reference…');
  const reference = await referenceRun();
  const referenceRps = reference.status === 'measured' ? reference.requestsPerSecond : Number.NaN;
  log(
    `reference: ${referenceRps} req/s${reference.status === 'measured' ? `, CPU ${reference.cpuPerRequest?.serverUs} µs per answer, load generator ${reference.generatorCpuPercent} % of a core` : ''}`,
  );
  const missingPostgres = await postgresAvailable();
  if (missingPostgres) log(`${missingPostgres}: PostgreSQL scenarios skipped, Lighthouse runs on PGlite`);
  const skipped = (reason: string): Record<string, ScenarioResult> =>
    Object.fromEntries(
      ['health', 'boats', 'month', 'lookup', 'checkout'].map((key) => [
        key,
        { name: key, status: 'skipped', reason },
      ]),
    );
  const postgres = missingPostgres
    ? { scenarios: skipped(missingPostgres), lighthouse: {} as LighthouseResults, version: 'not available' }
    : await postgresRun();
  const pgliteResult = await pgliteRun(Boolean(missingPostgres));
  const pglite = pgliteResult.scenarios;
  if (missingPostgres) postgres.lighthouse = pgliteResult.lighthouse;
  const frontend = landingBundle(DIST_DIR);

  const targets = checkTargets({
    reference: {
      rps: referenceRps,
      cpuUs: reference.status === 'measured' ? reference.cpuPerRequest?.serverUs : undefined,
    },
    postgres: postgres.scenarios,
    pglite,
    frontend,
    lighthouse: postgres.lighthouse,
  });
  const [burst] = pgliteResult.bursts;
  targets.push({
    target: `PGlite: a burst of ${EMBEDDED_BURSTS[0]} simultaneous back-office writes all done, none 503`,
    actual: burst
      ? `${burst.ok} done, ${burst.busy} busy, ${burst.other} other in ${burst.lastMs} ms`
      : 'not measured',
    pass: burst !== undefined && burst.ok === burst.writes,
  });
  const { startTimes } = pgliteResult;
  const lines = [
    '',
    `| scenario (${SECONDS} s, 100 connections, no pipelining) | rate | p50 | p99 | errors | timeouts | of reference |`,
    '|---|---|---|---|---|---|---|',
    row(reference, referenceRps),
    ...Object.values(postgres.scenarios).map((s) =>
      row({ ...s, name: `PostgreSQL: ${s.name}` }, referenceRps),
    ),
    ...Object.values(pglite).map((s) => row({ ...s, name: `PGlite: ${s.name}` }, referenceRps)),
    '',
    ...pgliteResult.bursts.map(
      (b) =>
        `PGlite, ${b.writes} simultaneous back-office writes (booking cancels with refunds): ${b.ok} done, ${b.busy} answered 503 busy, ${b.other} other; the last answered after ${b.lastMs} ms`,
    ),
    `Server start to ready (PGlite, migrated): bundle on node ${startTimes.bundleMs} ms, source on tsx ${startTimes.tsxMs} ms`,
    postgres.statements
      ? `SQL per booking (PostgreSQL, intent → pay → confirm): ${postgres.statements.statementsPerBooking} statements in ${postgres.statements.transactionsPerBooking} transactions, ${postgres.statements.databaseCpuMs} ms of the database's CPU one customer at a time; the costliest: ${postgres.statements.costliest.map((c) => `${c.statement} ${c.ms} ms`).join(', ')}`
      : 'SQL per booking: not measured (no PostgreSQL)',
    `CPU per booking (checkout, /proc): ${cpuLine(postgres.scenarios.checkout, 'PostgreSQL')}; ${cpuLine(pglite.checkout, 'PGlite')}`,
    `CPU per booking (the checkout's floor, the same requests and statements of trivial SQL): ${cpuLine(postgres.scenarios.checkoutFloor, 'PostgreSQL')}`,
    ...answerCpuLines('PostgreSQL', postgres.scenarios),
    ...answerCpuLines('PGlite', pglite),
    '',
    `Landing route: JS ${(frontend.jsGzipBytes / 1024).toFixed(1)} KiB gzip, CSS ${(frontend.cssGzipBytes / 1024).toFixed(1)} KiB gzip (${frontend.files.map((f) => f.file).join(', ')})`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(postgres.lighthouse).map(([page, f]) =>
      'error' in f
        ? `| ${page} | error: ${f.error} | | | | | | |`
        : `| ${page} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.tbtMs} ms | ${f.cls} |`,
    ),
    ...Object.entries(postgres.lighthouse).map(([page, f]) =>
      'error' in f
        ? ''
        : `${page}: LCP element ${f.lcpElement || 'unknown'}; console errors: ${f.consoleErrors.join('; ') || 'none'}`,
    ),
    '',
    ...targets.map((t) => `${t.pass ? 'PASS' : 'MISS'}  ${t.target}: ${t.actual}`),
  ];
  console.log(lines.join('\n'));

  const result = {
    embeddedBursts: pgliteResult.bursts,
    ranAt: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    machine: {
      ...machine,
      postgres: postgres.version,
      loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
    },
    startTimes,
    ...(postgres.statements ? { sqlPerBooking: postgres.statements } : {}),
    settings: { secondsPerScenario: SECONDS, connections: 100, pipelining: 1 },
    reference,
    postgres: postgres.scenarios,
    pglite,
    frontend,
    lighthouse: postgres.lighthouse,
    targets,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote bench/results/latest.json in ${result.durationSeconds} s`);
}

async function seasonMain(): Promise<void> {
  const started = Date.now();
  log(`machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, load ${loadavg().join(' ')}`);
  ensureWebBuild();
  buildServer();
  const missingPostgres = await postgresAvailable();
  if (missingPostgres) throw new Error(`the season bench needs PostgreSQL: ${missingPostgres}`);
  const season = await seasonRun({ pgBase: PG_BASE, seconds: SECONDS, serverEnv });
  const rate = (s: ScenarioResult) =>
    s.status === 'measured'
      ? `${s.unit === 'bookings/s' ? `${s.bookingsPerSecond} bookings/s` : `${s.requestsPerSecond} req/s`}, p99 ${s.p99Ms} ms${
          s.cpuPerRequest ? `, ${s.cpuPerRequest.serverUs} + ${s.cpuPerRequest.databaseUs} µs CPU` : ''
        }${s.cpuPerBooking ? `, ${s.cpuPerBooking.serverMs} + ${s.cpuPerBooking.databaseMs} ms CPU` : ''}`
      : `skipped (${s.reason})`;
  const lines = [
    '',
    `Season: ${SEASON.boats} boats of ${SEASON.owners} owners, ${SEASON.bookings} bookings over two years, seeded in ${season.seedSeconds} s`,
    '',
    '| boats | bookings | catalogue | month | bookings list (20 staff) | checkout |',
    '|---|---|---|---|---|---|',
    ...season.growth.map(
      (g) =>
        `| ${g.boats} | ${g.bookings} | ${rate(g.catalogue)} | ${rate(g.month)} | ${rate(g.list)} | ${rate(g.checkout)} |`,
    ),
    '',
    `| back office at ${SEASON.boats} boats, ${SEASON.staff} concurrent staff (${SECONDS} s) | rate | p50 | p99 | errors | CPU per answer | changes notified meanwhile | one staff alone: worked out anew, then p50 / p99 | plan buffers (worked out anew) |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...season.backOffice.map((b) =>
      b.status === 'measured'
        ? `| ${b.name} | ${b.requestsPerSecond} req/s | ${b.p50Ms} ms | ${b.p99Ms} ms | ${b.errors} | ${b.cpuPerRequest?.serverUs ?? '?'} µs server + ${b.cpuPerRequest?.databaseUs ?? '?'} µs database | ${
            Object.entries(b.changes ?? {})
              .map(([table, n]) => `${table} ${n}`)
              .join(', ') || 'none'
          } | ${b.alone ? `${b.alone.missMs} ms, then ${b.alone.hitP50Ms} / ${b.alone.hitP99Ms} ms` : ''} | ${b.planBuffers ?? '—'} |`
        : `| ${b.name} | skipped: ${b.reason} | | | | | | | |`,
    ),
    '',
    `| the same, ${SEASON.staff} staff while sales land through the checkout | sales a second | sales landed (failed) | rate | p50 | p99 | errors | changes notified meanwhile |`,
    '|---|---|---|---|---|---|---|---|',
    ...season.backOffice.flatMap((b) =>
      b.status === 'measured'
        ? (b.underSales ?? []).map(
            (run) =>
              `| ${b.name} | ${run.sales.perSecond} | ${run.sales.sold} (${run.sales.failed}${run.sales.firstFailure ? `: ${run.sales.firstFailure}` : ''}) | ${run.requestsPerSecond} req/s | ${run.p50Ms} ms | ${run.p99Ms} ms | ${run.errors} | ${
                Object.entries(run.changes)
                  .map(([table, n]) => `${table} ${n}`)
                  .join(', ') || 'none'
              } |`,
          )
        : [],
    ),
    '',
    'error' in season.csv
      ? `CSV of a month: failed (${season.csv.error})`
      : `CSV of a month: ${season.csv.bookings} bookings, ${season.csv.ms} ms, ${(season.csv.bytes / 2 ** 20).toFixed(1)} MB, server memory +${season.csv.memoryGrowthMb} MB`,
    ...season.payoutRuns.map((run, i) =>
      'error' in run
        ? `Payout run ${i + 1}: failed (${run.error})`
        : `Payout run ${i + 1}: ${run.ms} ms, ${run.paid} owners paid, ${run.skipped} skipped, ${run.failed} failed, ${run.earningLines} earning lines`,
    ),
    '',
    ...season.targets.map((t) => `${t.pass ? 'PASS' : 'MISS'}  ${t.target}: ${t.actual}`),
  ];
  console.log(lines.join('\n'));
  const result = {
    ranAt: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    machine: { cpu: cpus()[0]?.model, cores: cpus().length, loadAverageAtEnd: loadavg() },
    settings: { secondsPerScenario: SECONDS },
    ...season,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/season.json'), `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote bench/results/season.json in ${result.durationSeconds} s`);
}

/**
 * The checkout scenario alone on PostgreSQL, for working on the sale's cost: no web build, no
 * reference, no other scenario, no PGlite, no Lighthouse; prints its rate, its CPU per booking and
 * its statements, and writes nothing (bench/results/latest.json stays the full run's).
 */
async function checkoutMain(): Promise<void> {
  log(`machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, load ${loadavg().join(' ')}`);
  buildServer();
  const missingPostgres = await postgresAvailable();
  if (missingPostgres) throw new Error(`the checkout bench needs PostgreSQL: ${missingPostgres}`);
  await withBenchPostgres(async ({ server, url, data }) => {
    const readCpu = server.child.pid ? cpuClock(server.child.pid, url) : undefined;
    const checkout = await measureCheckout(server.url, data, SECONDS, readCpu);
    const statements = await statementsPerBooking(url, data, 20, 100);
    console.log(
      [
        '',
        row(checkout, Number.NaN),
        `CPU per booking (checkout, /proc): ${cpuLine(checkout, 'PostgreSQL')}`,
        `SQL per booking: ${statements.statementsPerBooking} statements in ${statements.transactionsPerBooking} transactions, ${statements.databaseCpuMs} ms of the database's CPU one customer at a time; each:\n${statements.costliest.map((c) => `  ${c.ms} ms  ${c.statement}`).join('\n')}`,
        `load at the end: ${loadavg().join(' ')}`,
      ].join('\n'),
    );
  });
}

(SCALE === 'season' ? seasonMain() : ONLY === 'checkout' ? checkoutMain() : main()).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('[bench] failed:', err);
    process.exit(1);
  },
);
