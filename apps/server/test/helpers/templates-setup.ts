import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { configurePasswordHashing } from '../../src/modules/auth/password';
import { seedDemoData } from '../../src/seed/seed';
import { TEST_SERVER_BUNDLE } from './spawn-server';
import { PG_TEMPLATE, PGLITE_TEMPLATE, TEMPLATE_DIR, postgresUrl } from './templates';
import { testConfig } from './test-config';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '../../src/db/schema';
import type { Database, Db } from '../../src/db/client';

// Global setup runs in the main process, where a project's `env` is not applied, so each
// database kind has its own entry point below. Several projects share one kind's templates: the
// first to start prepares them and the others wait for that (the main process's global object
// outlives the setup modules, which each project loads afresh).
type Preparing = Map<string, Promise<void>>;
const preparing = ((globalThis as { boatsTestTemplates?: Preparing }).boatsTestTemplates ??= new Map<
  string,
  Promise<void>
>());

function once(kind: string, prepare: () => Promise<void>): Promise<void> {
  let running = preparing.get(kind);
  if (!running) {
    running = preparedThisRun(kind, prepare);
    preparing.set(kind, running);
  }
  return running;
}

/**
 * `npm test` runs the server's files in two vitest runs: the bulk, then, after the journeys, the
 * files that need the machine (scripts/test.js). It names the run in TEST_RUN_ID, and the second
 * takes what the first prepared from the same source instead of preparing it again (about 10 s
 * of a quiet machine). A stamp is written only once a kind is prepared, so a run that stopped
 * half-way is prepared afresh; outside `npm test` every vitest run prepares its own.
 */
async function preparedThisRun(kind: string, prepare: () => Promise<void>): Promise<void> {
  const run = process.env.TEST_RUN_ID;
  const stamp = join(TEMPLATE_DIR, `${kind.replaceAll(' ', '-')}.prepared`);
  if (run && (await readFile(stamp, 'utf8').catch(() => '')) === run) return;
  await rm(stamp, { force: true });
  await prepare();
  if (!run) return;
  await mkdir(TEMPLATE_DIR, { recursive: true });
  await writeFile(stamp, run);
}

export async function preparePgliteTemplates(): Promise<void> {
  await Promise.all([once('pglite', preparePglite), once('server bundle', buildTestServerBundle)]);
}

export async function preparePostgresTemplates(): Promise<void> {
  await Promise.all([once('postgres', preparePostgres), once('server bundle', buildTestServerBundle)]);
}

/** The bundle the spawned servers run (spawn-server.ts), built from the source once a run. */
async function buildTestServerBundle(): Promise<void> {
  const serverDir = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['build.mjs', TEST_SERVER_BUNDLE], { cwd: serverDir, stdio: 'pipe' });
}

// The demo accounts' passwords are hashed at the tests' cost, as the apps they open them in.
configurePasswordHashing(testConfig());

// One database, migrated once: dumped as the empty template, then seeded and dumped as the demo
// (PGlite's start, initdb in WebAssembly, takes seconds of CPU by itself).
async function preparePglite(): Promise<void> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  // Every file's database is a copy of these, unpacked file by file into PGlite's memory: what is
  // not in them costs nothing. Tests never create a database on PGlite, so initdb's template0 and
  // template1 (two thirds of the catalogs' files) are dropped, and the WAL is kept in 1 MB
  // segments instead of one of 16 MB: 20 MB to unpack instead of 45, about a quarter less CPU a
  // copy (docs/development.md#the-test-time-budget).
  const client = await PGlite.create({
    extensions: { btree_gist, pg_trgm },
    initDbStartParams: ['--wal-segsize=1'],
  });
  await client.query('alter database template1 is_template false');
  await client.query('drop database template1');
  await client.query("update pg_database set datistemplate = false where datname = 'template0'");
  await client.query('drop database template0');
  const db = drizzle(client, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    ping: async () => {},
    listen: async () => ({ caughtUp: async () => {} }),
    close: () => client.close(),
  };
  // A dump is of a running database, so every copy starts with crash recovery: replaying the WAL
  // written since the last checkpoint (initdb's), the migrations and the seed, megabytes each time.
  // A checkpoint first leaves nothing to replay (measured 2026-11-29: a demo copy's start took
  // about a fifth less CPU).
  const dump = async (file: string) => {
    await client.query('checkpoint');
    const tar = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await tar.arrayBuffer()));
  };
  await runMigrations(database);
  await dump(PGLITE_TEMPLATE.empty);
  await seedDemoData(db, new Date(), testConfig().PLATFORM_FEE_PERCENT);
  await dump(PGLITE_TEMPLATE.demo);
  await client.close();
}

async function preparePostgres(): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
  await admin.connect();
  try {
    for (const dbName of Object.values(PG_TEMPLATE))
      await admin.query(`drop database if exists ${dbName} with (force)`);
    // The empty template migrated once; the demo starts as its copy and is seeded.
    await admin.query(`create database ${PG_TEMPLATE.empty}`);
    const empty = await openDatabase({ kind: 'postgres', url: postgresUrl(PG_TEMPLATE.empty), poolSize: 2 });
    await runMigrations(empty);
    await empty.close();
    await admin.query(`create database ${PG_TEMPLATE.demo} template ${PG_TEMPLATE.empty}`);
    const demo = await openDatabase({ kind: 'postgres', url: postgresUrl(PG_TEMPLATE.demo), poolSize: 2 });
    await seedDemoData(demo.db, new Date(), testConfig().PLATFORM_FEE_PERCENT);
    await demo.close();
  } finally {
    await admin.end();
  }
}
