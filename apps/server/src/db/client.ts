// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise embedded PostgreSQL
// (PGlite) in DATA_DIR. Both speak the same SQL and run the same migrations.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 20);
  if (options.kind === 'pglite') {
    await mkdir(options.dataDir, { recursive: true });
    return wrapPglite(await PGlite.create(options.dataDir, { extensions: { btree_gist } }));
  }
  const client = await PGlite.create({
    extensions: { btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return wrapPglite(client);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    // A database that stops answering (dropped packets, not closed connections) must fail the
    // request with a 503 rather than hang it: the server cancels long statements, the client
    // gives up on a silent connection a little later.
    statement_timeout: 15_000,
    query_timeout: 20_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
  await database.ping();
  return database;
}

function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}

/** Exposes the PGlite handle for tests that dump a migrated template. */
export async function openPgliteForDump(): Promise<PGlite> {
  return PGlite.create({ extensions: { btree_gist } });
}
