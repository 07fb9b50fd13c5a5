// SQL statements (and transactions) one booking costs on PostgreSQL: the whole customer path
// (payment intent → sandbox card → /checkout/confirm) run a few times through the real app,
// built in this process so every statement its pool sends can be counted (node-postgres runs
// each one through Client#query, BEGIN and COMMIT included). Background jobs (e-mail delivery)
// are not started, so the count is the request path's.
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
};

export async function statementsPerBooking(
  url: string,
  data: BenchData,
  bookings = 5,
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
  const database = await openDatabase({ kind: 'postgres', url });
  const ctx = createAppContext(config, database);
  const app = await buildApp(ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const original = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  let statements = 0;
  let transactions = 0;
  // Counted on the prototype: the pool's clients and the listener are all pg.Client.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    statements++;
    if (/^\s*begin\b/i.test(text ?? '')) transactions++;
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    // The first booking warms the app (lazy paths) and is not counted.
    const warm = await oneCheckout(base, data, 900_000);
    if (warm) throw new Error(`statement count: ${warm}`);
    statements = 0;
    transactions = 0;
    for (let i = 1; i <= bookings; i++) {
      const failure = await oneCheckout(base, data, 900_000 + i);
      if (failure) throw new Error(`statement count: ${failure}`);
    }
    return {
      statementsPerBooking: Math.round((statements / bookings) * 10) / 10,
      transactionsPerBooking: Math.round((transactions / bookings) * 10) / 10,
      bookings,
    };
  } finally {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    await app.close();
    await database.close();
  }
}
