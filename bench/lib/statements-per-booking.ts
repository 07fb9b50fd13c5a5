// SQL statements (and transactions) one booking costs on PostgreSQL: the whole customer path
// (payment intent → sandbox card → /checkout/confirm) run a few times through the real app,
// built in this process so every statement its pool sends can be counted (node-postgres runs
// each one through Client#query, BEGIN and COMMIT included). Background jobs (e-mail delivery)
// are not started, so the count is the request path's. The same run reads what each statement
// costs the database: its connections ask PostgreSQL for `log_statement_stats`, which answers
// every statement's stages (parse, plan, execute) with the CPU they used, as notices.
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { createAppContext } from '../../apps/server/src/context';
import type { BenchData } from './bench-data';
import { oneCheckout } from './scenarios';

export type StatementCount = {
  statementsPerBooking: number;
  transactionsPerBooking: number;
  bookings: number;
  /** The database's CPU per booking, one customer at a time (log_statement_stats), in ms. */
  databaseCpuMs: number;
  /** The statements that cost the database the most per booking: a prepared one by its name. */
  costliest: { statement: string; ms: number }[];
};

const STAGE_CPU = /([\d.]+) s user, ([\d.]+) s system/;

/** A statement as the bench prints it: its prepared name, or the start of its text. */
function labelOf(query: unknown): string {
  const config = typeof query === 'string' ? { text: query } : (query as { text?: string; name?: string });
  if (config?.name) return config.name;
  return (config?.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
}

export async function statementsPerBooking(
  url: string,
  data: BenchData,
  bookings = 20,
  /** How many of the costliest statements to name (the checkout-only run names them all). */
  top = 6,
): Promise<StatementCount> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    TRUST_PROXY: 'true',
    MAX_LIVE_HOLDS_PER_IP: '1000',
    JWT_SECRET: 'bench-statements-bench-statements-0000',
    WEB_DIST_DIR: '/nonexistent-web-build',
  });
  const withStats = new URL(url);
  withStats.searchParams.set('options', '-c log_statement_stats=on -c client_min_messages=log');
  const database = await openDatabase({ kind: 'postgres', url: withStats.toString() });
  const ctx = createAppContext(config, database);
  const app = await buildApp(ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const original = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  let statements = 0;
  let transactions = 0;
  const cpuByStatement = new Map<string, number>();
  const current = new WeakMap<pg.Client, string>();
  const listening = new WeakSet<pg.Client>();
  // Counted on the prototype: the pool's clients and the listener are all pg.Client.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const label = labelOf(args[0]);
    statements++;
    if (/^begin\b/i.test(label)) transactions++;
    current.set(this, label);
    if (!listening.has(this)) {
      listening.add(this);
      // A statement's stages answer before its result, on its own connection.
      this.on('notice', (notice) => {
        const stage = STAGE_CPU.exec(`${notice.message} ${notice.detail ?? ''}`);
        const of = current.get(this);
        if (!stage || !of) return;
        const ms = (Number(stage[1]) + Number(stage[2])) * 1000;
        cpuByStatement.set(of, (cpuByStatement.get(of) ?? 0) + ms);
      });
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    // The first booking warms the app (lazy paths) and is not counted.
    const warm = await oneCheckout(base, data, 900_000);
    if (warm) throw new Error(`statement count: ${warm}`);
    statements = 0;
    transactions = 0;
    cpuByStatement.clear();
    for (let i = 1; i <= bookings; i++) {
      const failure = await oneCheckout(base, data, 900_000 + i);
      if (failure) throw new Error(`statement count: ${failure}`);
    }
    const perBooking = (ms: number) => Math.round((ms / bookings) * 100) / 100;
    return {
      statementsPerBooking: Math.round((statements / bookings) * 10) / 10,
      transactionsPerBooking: Math.round((transactions / bookings) * 10) / 10,
      bookings,
      databaseCpuMs: perBooking([...cpuByStatement.values()].reduce((a, b) => a + b, 0)),
      costliest: [...cpuByStatement]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([statement, ms]) => ({ statement, ms: perBooking(ms) })),
    };
  } finally {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    await app.close();
    await database.close();
  }
}
