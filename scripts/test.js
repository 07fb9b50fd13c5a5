#!/usr/bin/env node
// `npm test`: every suite, in order. Domain and web unit tests, the server's API tests on PGlite
// and (when a PostgreSQL server answers) on PostgreSQL, the browser journeys in Chromium against
// the built app, then the server's process, race and timing tests with the machine to themselves. Every step runs even when one fails, so one
// run shows every failure; the exit code is non-zero when any failed. TZ=UTC so no test passes only in the author's zone.
//
// `npm test -- server` runs the steps whose name contains "server". `npm run test:quick` is the
// developers' inner loop: the domain, the web components and the server on PGlite, no PostgreSQL
// and no journeys (about a quarter of the whole run); the whole suite stays `npm test`.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

// npm scripts run on the project's own Node (the node-<platform> package `npm install` brings,
// first on npm's PATH), whatever the system's; every step below inherits it.
const nodeMajor = Number(process.versions.node.split('.')[0]);
console.log(`npm test on Node ${process.version} (${process.execPath})`);
if (nodeMajor < 22) {
  console.warn(
    `Node ${process.version} is past its end of life: run the tests through npm (npm test), which uses Node 24.`,
  );
}

const quick = process.argv.includes('--quick');
const only = process.argv.slice(2).find((arg) => !arg.startsWith('--'));

const env = {
  ...process.env,
  TZ: 'UTC',
  FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1'),
  // Three workers, each with its own server and Chromium, keep two cores busy: with four, on a
  // 2.1 GHz machine (2026-11-29), the step ran at load 12, a page took over 10 s to load and a
  // journey failed its expectation's timeout; the journeys are CPU-bound there, so a fourth
  // worker only added a server's start and its idle jobs (docs/development.md#tests).
  E2E_WORKERS: process.env.E2E_WORKERS ?? '3',
  // A journey that fails is tried once more and reported "flaky" (e2e/playwright.config.ts).
  E2E_RETRIES: process.env.E2E_RETRIES ?? '1',
  // The server's two vitest runs share the templates and bundle the first prepares
  // (apps/server/test/helpers/templates-setup.ts).
  TEST_RUN_ID: `${process.pid}-${Date.now()}`,
};

async function postgresAvailable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (quick) {
  delete env.TEST_DATABASE_URL;
} else if (!env.TEST_DATABASE_URL) {
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAvailable(local)) env.TEST_DATABASE_URL = local;
  else
    console.warn(
      `No PostgreSQL at ${local} and TEST_DATABASE_URL is unset: the PostgreSQL API tests will not run.`,
    );
}

// The server's files in two steps (apps/server/vitest.config.ts): the bulk; then, after the
// journeys, the files whose servers run as processes or race the clock, two at a time, and alone
// the files that measure time or load the machine on purpose.
const withPostgres = Boolean(env.TEST_DATABASE_URL);
const projects = (names) => names.flatMap((name) => ['--project', name]);
const serverBulk = ['server-unit', 'bulk-pglite', ...(withPostgres ? ['bulk-postgres'] : [])];
const serverAlone = [
  'processes-pglite',
  'alone-pglite',
  ...(withPostgres ? ['processes-postgres', 'alone-postgres'] : []),
];

const step = (name, cmd, args, cwd) => ({ name, cmd, args, cwd });
const domain = step('domain unit tests', 'npx', ['vitest', 'run'], 'packages/domain');
const web = step('web component tests', 'npx', ['vitest', 'run'], 'apps/web');
const webBuild = step(
  'web build for the browser journeys',
  'npx',
  ['vite', 'build', '--logLevel', 'warn'],
  'apps/web',
);
const server = step(
  'server unit and API tests',
  'npx',
  ['vitest', 'run', ...projects(serverBulk)],
  'apps/server',
);
const journeys = step('browser journeys (Chromium)', 'npx', ['playwright', 'test'], 'e2e');
const serverAloneStep = step(
  'server tests that need the machine (processes, timing, load)',
  'npx',
  ['vitest', 'run', ...projects(serverAlone)],
  'apps/server',
);

// One step after another. Running the server's bulk beside the journeys was tried (2026-11-26):
// both are CPU-bound on two cores (100 % busy, load 24), so it was no faster (991 s against 869 s)
// and pushed three timing-sensitive server tests past their timeouts
// (docs/development.md#the-test-time-budget).
const steps = quick
  ? [domain, web, server, serverAloneStep]
  : [domain, web, server, webBuild, journeys, serverAloneStep];

const results = [];
const runStarted = Date.now();
for (const { name, cmd, args, cwd } of steps) {
  if (only && !name.includes(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${results.at(-1).seconds} s ===`);
}

const total = Math.round((Date.now() - runStarted) / 1000);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed, in ${total} s`);
process.exit(failed > 0 ? 1 : 0);
