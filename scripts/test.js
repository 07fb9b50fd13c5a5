#!/usr/bin/env node
// `npm test`: every suite. Domain and web unit tests, the server's API tests on PGlite and (when
// a PostgreSQL server answers) on PostgreSQL beside the browser journeys in Chromium against the
// built app, then the server's timing tests alone. Every step runs even when one fails, so one
// run shows every failure; the exit code is non-zero when any failed. TZ=UTC so no test passes only in the author's zone.
//
// `npm test -- server` runs the steps whose name contains "server". `npm run test:quick` is the
// developers' inner loop: the domain, the web components and the server on PGlite, no PostgreSQL
// and no journeys (about a quarter of the whole run); the whole suite stays `npm test`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
  // A journey spends most of its time waiting (for a page, an animation, an e-mail), so four
  // workers, each with its own server, keep two cores busy (docs/development.md#tests).
  E2E_WORKERS: process.env.E2E_WORKERS ?? '4',
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

// The server's files in two steps (apps/server/vitest.config.ts): the bulk, beside the journeys;
// then, with the machine to themselves, the files whose servers run as processes or race the
// clock, and alone the files that measure time or load the machine on purpose.
const withPostgres = Boolean(env.TEST_DATABASE_URL);
const projects = (names) => names.flatMap((name) => ['--project', name]);
const serverBulk = [
  'server-unit',
  'api-pglite',
  'security',
  ...(withPostgres ? ['api-postgres', 'postgres'] : []),
];
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

// Stages run in order; the steps of a stage run at once. The server's bulk and the journeys
// each leave much of two cores idle (waiting on databases, pages, e-mails), so they share the
// machine (docs/development.md#the-test-time-budget); the first step of a stage prints as it
// goes, the others into .tmp/test-logs/ and here when the stage ends.
const stages = quick
  ? [[domain], [web], [server], [serverAloneStep]]
  : [[domain], [web], [webBuild], [server, journeys], [serverAloneStep]];

function run({ name, cmd, args, cwd }, logFile) {
  const started = Date.now();
  const child = spawn(cmd, args, { cwd, env, stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (logFile) {
    const out = createWriteStream(logFile);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
}

const results = [];
const runStarted = Date.now();
mkdirSync('.tmp/test-logs', { recursive: true });
for (const stage of stages) {
  const chosen = stage.filter(({ name }) => !only || name.includes(only));
  if (chosen.length === 0) continue;
  console.log(`\n=== ${chosen.map(({ name }) => name).join(' + ')} ===`);
  const logs = chosen.map((s, i) =>
    i === 0 ? null : path.join('.tmp/test-logs', `${s.name.replace(/\W+/g, '-')}.log`),
  );
  const done = await Promise.all(chosen.map((s, i) => run(s, logs[i])));
  for (const [i, result] of done.entries()) {
    if (logs[i]) {
      console.log(`\n--- ${result.name} (ran beside ${chosen[0].name}) ---`);
      console.log(readFileSync(logs[i], 'utf8'));
    }
    console.log(`=== ${result.name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds} s ===`);
    results.push(result);
  }
}

const total = Math.round((Date.now() - runStarted) / 1000);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed, in ${total} s`);
process.exit(failed > 0 ? 1 : 0);
