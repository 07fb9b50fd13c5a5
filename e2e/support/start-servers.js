// Starts the real servers for the browser journeys, one per Playwright worker (support/server.ts):
// each on a fresh embedded database seeded with the demo data, the built web app, rate limits as
// in production, and its own mail catcher.
//
// They run as production runs them, from a bundle (apps/server/build.mjs) written afresh from the
// source here, so a journey never meets yesterday's server. The first server migrates and seeds
// its database; once it is ready it stops, and every server (the first again) starts on a copy
// of that folder, all at once. Migrating and seeding once instead of once per server, and plain
// node instead of tsx compiling the source at every start, spare each server about 20 s of CPU.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle } from '../../apps/server/build.mjs';
import { startMailCatcher } from './mail-catcher.js';
import { E2E_FIRST_PORT, E2E_WORKERS, mailPorts } from './server.ts';

const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));
const BUNDLE = `.tmp/e2e-server-${E2E_FIRST_PORT}/server.js`;

function serverEnv(port, dataDir) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${mailPorts(port).smtpPort}`,
    // The company the legal pages name (legal.spec.ts checks they show it).
    OPERATOR_LEGAL_NAME: 'Mar Azul Charters S.L.',
    OPERATOR_TAX_ID: 'B38765432',
    OPERATOR_ADDRESS: 'Muelle Pesquero 2, 38660 Costa Adeje, Santa Cruz de Tenerife',
    OPERATOR_REGISTRY: 'Registro Mercantil de Santa Cruz de Tenerife, hoja TF-12345',
    OPERATOR_PUBLIC_EMAIL: 'hola@marazulcharters.es',
    // The journeys are the proxy in front: a journey about a per-IP limit names its own client
    // address (X-Forwarded-For), so no other journey's requests on this server count against it.
    // Requests without the header are 127.0.0.1's, as before.
    TRUST_PROXY: '127.0.0.1',
    // E-mails leave the outbox within seconds, so a journey can wait for them.
    JOBS_INTERVAL_SECONDS: '2',
    // Passwords hashed at 2^12 instead of production's 2^17, as in the API tests: the same code
    // with 1/32 of the work. At 2^17 each of the journeys' ~80 sign-ins (and the demo accounts'
    // seeding) took seconds of CPU on the loaded 2-core machine, and a sign-in dialog could stay
    // on "Signing in…" past a journey's timeout. Production's cost and its refusal of less are
    // proven in apps/server/test (sign-in-limits, production-start).
    PASSWORD_HASH_COST_LOG2: '12',
    // The local fake AEAT's census does not know Volkov Boats' NIE: the platform's commission
    // invoices to them are accepted with errors (2001), so admin-invoicing.spec.ts sees the alert and corrects one.
    FAKE_AEAT_UNKNOWN_NIFS: 'Y1234567X',
    // The accounts journeys make (a new owner in list-your-boat.spec.ts) sign in without a second
    // factor, as the demo's own accounts do (docs/security.md#second-factor-and-step-up).
    SECOND_FACTOR_EXEMPT: '@example.com',
    // A proved second factor lets money and power acts through for 12 s instead of 10 minutes,
    // so owner-second-factor.spec.ts sees the step-up asked again within the journey.
    STEP_UP_MINUTES: '0.2',
  };
}

function startServer(port, dataDir) {
  return spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
    cwd: SERVER_DIR,
    // Their stdout is the demo's welcome, the same on each; warnings and errors go to stderr.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv(port, dataDir),
  });
}

async function ready(port, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const exited = (child) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));

await buildServerBundle(BUNDLE);
const seeded = mkdtempSync(join(tmpdir(), 'boats-e2e-seed-'));
const seeding = startServer(E2E_FIRST_PORT, seeded);
await ready(E2E_FIRST_PORT, seeding);
seeding.kill('SIGTERM');
await exited(seeding);

const running = [];
for (let index = 0; index < E2E_WORKERS; index++) {
  const port = E2E_FIRST_PORT + index;
  const dataDir = mkdtempSync(join(tmpdir(), 'boats-e2e-'));
  cpSync(seeded, dataDir, { recursive: true });
  const mail = await startMailCatcher(mailPorts(port));
  running.push({ port, dataDir, mail, child: startServer(port, dataDir) });
}
rmSync(seeded, { recursive: true, force: true });

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const { child } of running) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(running.map(({ child }) => exited(child)));
  for (const { mail, dataDir } of running) {
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(code);
}
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGINT', () => void stopAll(0));
for (const { child } of running) child.on('exit', (code) => void stopAll(code ?? 1));

await Promise.all(running.map(({ port, child }) => ready(port, child)));
// Playwright waits for this line's URL (the last server's readyz) before the first journey.
console.log(`journeys' servers ready on ports ${E2E_FIRST_PORT}–${E2E_FIRST_PORT + E2E_WORKERS - 1}`);
