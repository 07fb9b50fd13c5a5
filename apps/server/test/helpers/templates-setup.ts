import { mkdir, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { seedDemoData } from '../../src/seed/seed';
import { PG_TEMPLATE, PGLITE_TEMPLATE, TEMPLATE_DIR, postgresUrl } from './templates';
import { testConfig } from './test-config';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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
    running = prepare();
    preparing.set(kind, running);
  }
  return running;
}

export function preparePgliteTemplates(): Promise<void> {
  return once('pglite', preparePglite);
}

export function preparePostgresTemplates(): Promise<void> {
  return once('postgres', preparePostgres);
}

async function preparePglite(): Promise<void> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  for (const [name, file] of Object.entries(PGLITE_TEMPLATE)) {
    const client = await PGlite.create({ extensions: { btree_gist } });
    const db = drizzle(client, { schema }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'pglite',
      ping: async () => {},
      listen: async () => ({ caughtUp: async () => {} }),
      close: () => client.close(),
    };
    await runMigrations(database);
    if (name === 'demo') await seedDemoData(db, new Date(), testConfig().PLATFORM_FEE_PERCENT);
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
}

async function preparePostgres(): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
  await admin.connect();
  try {
    for (const [name, dbName] of Object.entries(PG_TEMPLATE)) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
      const database = await openDatabase({ kind: 'postgres', url: postgresUrl(dbName), poolSize: 2 });
      await runMigrations(database);
      if (name === 'demo') await seedDemoData(database.db, new Date(), testConfig().PLATFORM_FEE_PERCENT);
      await database.close();
    }
  } finally {
    await admin.end();
  }
}
