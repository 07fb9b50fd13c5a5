// Starts the real server (src/server.ts) as a separate OS process, the way production runs it, so
// tests and the bench can run several instances, kill one with SIGKILL and restart it. Plain node
// on a bundle (or `node --import tsx` on the source) keeps the server in ONE process: a kill
// reaches the server itself, not a wrapper that would leave an orphan behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
/** The production build (`npm run build -w apps/server`). */
const SERVER_BUNDLE = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
/** The test run's bundle of the current source, written once by the tests' global setup. */
export const TEST_SERVER_BUNDLE = '.tmp/test-server/server.js';

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit: a crash, nothing flushed, no shutdown hooks. */
  kill9(): Promise<void>;
};

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The tests' app role: may log in, owns nothing; one for the PostgreSQL server, made once. */
const TEST_APP_ROLE = { user: 'boats_test_app', password: 'boats-test-app' };

/** `ownerUrl` as the tests' app role, made first if the PostgreSQL server has none yet. */
export async function appRoleUrl(ownerUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query(
      `create role ${TEST_APP_ROLE.user} login password '${TEST_APP_ROLE.password}' nosuperuser nocreatedb nocreaterole`,
    );
  } catch (err) {
    // Made already, maybe by another test file at the same moment (duplicate_object, unique_violation).
    const code = (err as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw err;
  } finally {
    await client.end();
  }
  const url = new URL(ownerUrl);
  url.username = TEST_APP_ROLE.user;
  url.password = TEST_APP_ROLE.password;
  return url.toString();
}

export type SpawnServerOptions = {
  /** Server variables (DATABASE_URL, JWT_SECRET, REDIS_URL, …); PORT and HOST are set here. */
  env: Record<string, string | undefined>;
  port?: number;
  /** How long to wait for /readyz. */
  readyTimeoutMs?: number;
  /**
   * What runs: the test run's bundle of the current source (the default: plain node, as
   * production runs, without tsx compiling the whole server at every start, about 10 s of CPU),
   * the production build `npm run build` wrote (`dist`), or the source through tsx (`source`).
   */
  run?: 'test-bundle' | 'dist' | 'source';
};

export async function spawnServer(options: SpawnServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    TZ: 'UTC',
    NODE_ENV: 'production',
    // Production names the company running the site (config.ts).
    OPERATOR_LEGAL_NAME: 'Test Boats S.L.',
    OPERATOR_TAX_ID: 'B12345678',
    OPERATOR_ADDRESS: 'Calle del Puerto 1, 38660 Costa Adeje, Spain',
    // Production encrypts the authenticator secrets with it (config.ts); one key for every
    // instance of a test, as in production.
    TOTP_ENCRYPTION_KEY: '7d3f0a9c5e1b2d4f6a8c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7b9d2f',
    LOG_LEVEL: 'warn',
    // Production binds passkeys to a named origin (config.ts); this machine's own is allowed.
    WEBAUTHN_ORIGIN: `http://127.0.0.1:${port}`,
    SEED_DEMO_DATA: 'false',
    // Production names the AEAT's environment (config.ts); test servers use its test service.
    AEAT_ENVIRONMENT: 'preproduction',
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  for (const [key, value] of Object.entries(options.env)) if (value !== undefined) env[key] = value;
  // Production serves PostgreSQL as a role that owns no table (src/db/roles.ts): a server given a
  // database migrates as its owner, the URL the test named, and serves as the tests' app role. A
  // test that gives DATABASE_MIGRATION_URL itself (even empty) decides alone.
  if (env.DATABASE_URL && env.DATABASE_MIGRATION_URL === undefined && env.NODE_ENV === 'production') {
    env.DATABASE_MIGRATION_URL = env.DATABASE_URL;
    env.DATABASE_URL = await appRoleUrl(env.DATABASE_URL);
  }
  // Production takes the sandbox card provider only when told (config.ts); these servers are
  // test servers unless the test gives them Stripe's keys.
  if (!env.STRIPE_SECRET_KEY && env.PAYMENTS === undefined) env.PAYMENTS = 'sandbox';

  const run = options.run ?? 'test-bundle';
  const args =
    run === 'source'
      ? ['--import', 'tsx', SERVER_ENTRY]
      : ['--enable-source-maps', run === 'dist' ? SERVER_BUNDLE : TEST_SERVER_BUNDLE];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before ready:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await server.kill9();
  throw new Error(`server on ${url} not ready in time:\n${output}`);
}
