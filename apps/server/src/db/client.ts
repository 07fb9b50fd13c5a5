// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise embedded PostgreSQL
// (PGlite) in DATA_DIR. Both speak the same SQL and run the same migrations.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { traceEmbeddedQueries } from '../tracing/traced';
import { PostgresListener } from './postgres-listener';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (the metrics); the embedded database has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Receives NOTIFY payloads of a channel, after the notifying transaction commits. `onState`
   * says whether notifications are flowing: false while a PostgreSQL listener reconnects, when
   * some may be missed (caches built on them must then stand aside).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<Listening>;
  close(): Promise<void>;
};

export type Listening = {
  /**
   * Resolves once every notification of a transaction committed before the call has been
   * handed to `onPayload`; rejects when that cannot be known (listener down).
   */
  caughtUp(): Promise<void>;
};

/**
 * PostgreSQL's "try again" answers: this transaction was chosen as a deadlock's victim (40P01)
 * or could not be serialized (40001). Neither is a conflict with data a person could resolve.
 */
export function isRetryableConflict(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '40P01' || e.code === '40001') return true;
  return e.cause !== undefined && e.cause !== err && isRetryableConflict(e.cause);
}

/** Attempts of a transaction that keeps losing deadlocks before its error reaches the handler (503). */
const TRANSACTION_ATTEMPTS = 6;

/**
 * Every top-level transaction is run again when PostgreSQL rolls it back as a deadlock victim
 * or a serialization failure (docs/architecture.md#concurrency): the lock order makes deadlocks
 * rare, and the few left (an index page, a foreign key's share lock) are retried here, a little
 * later each time, never shown to a person as a conflict. A transaction's callback therefore
 * does database work only (money moves between transactions), so running it again is safe.
 * Savepoints (`tx.transaction`) are not retried on their own: their whole transaction is.
 */
function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const retried: Db['transaction'] = async (run, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  db.transaction = retried;
  return db;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 20);
  if (options.kind === 'pglite') {
    await mkdir(options.dataDir, { recursive: true });
    return wrapPglite(await PGlite.create(options.dataDir, { extensions: { btree_gist, pg_trgm } }));
  }
  const client = await PGlite.create({
    extensions: { btree_gist, pg_trgm },
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
    // No JIT compilation: it pays off for long analytical scans, not for this server's short
    // statements, and a month's bookings list at 200 boats spent 210 ms compiling each time.
    options: '-c jit=off',
  });
  // A client losing its connection (database restart) must not crash the process: the pool
  // listens on idle clients only, and a checked-out client between two statements of a
  // transaction would otherwise emit an unhandled 'error'. The statement under way still fails,
  // and the pool drops the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = retryingTransactions(drizzlePg(pool, { schema }));
  const listeners: PostgresListener[] = [];
  const database: Database = {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload, onState) {
      const listener = new PostgresListener(url, channel, onPayload, onState);
      listeners.push(listener);
      await listener.start();
      return listener;
    },
    async close() {
      await Promise.all(listeners.map((l) => l.stop()));
      await pool.end();
    },
  };
  await database.ping();
  return database;
}

function wrapPglite(client: PGlite): Database {
  // When tracing is on (PostgreSQL's pool is traced by instrumentation-pg, start-tracing.ts).
  traceEmbeddedQueries(client);
  const db = retryingTransactions(drizzlePglite(client, { schema }));
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    // One in-process connection: notifications of a committed write are delivered before the
    // writing call returns, and none can be missed.
    async listen(channel, onPayload, onState) {
      await client.listen(channel, onPayload);
      onState(true);
      return { caughtUp: () => Promise.resolve() };
    },
    async close() {
      await client.close();
    },
  };
}
