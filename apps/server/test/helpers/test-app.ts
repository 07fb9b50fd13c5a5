// Builds the real app on a fresh test database. Every API test goes through `app.inject`.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createAppContext, type AppContext } from '../../src/context';
import type { Metrics } from '../../src/modules/metrics/metrics';
import type { Tracing } from '../../src/tracing/start-tracing';
import type { TemplateName } from './templates';
import { openTestDatabase } from './test-database';
import { testConfig } from './test-config';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** Every route the app registered, as buildApp saw it. */
  routes: RouteOptions[];
  /** Moves the app's clock; undefined returns to real time. */
  setNow(now: Date | undefined): void;
};

export async function buildTestApp(
  options: {
    template?: TemplateName;
    /** A database opened (and filled) by the test itself, instead of a fresh copy of `template`. */
    database?: Database;
    env?: Record<string, string>;
    now?: Date;
    /** Receives the app's JSON log lines. */
    logStream?: DestinationStream;
    /** Metrics shared with something else the test runs (a job scheduler). */
    metrics?: (ctx: AppContext) => Metrics;
    /** Traces started by the test (startTracing). */
    tracing?: Tracing;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(options.template ?? 'empty'));
  let fixedNow = options.now;
  const config = testConfig(options.env);
  const ctx = createAppContext(config, database, () => fixedNow ?? new Date());
  const routes: RouteOptions[] = [];
  const app = await buildApp(ctx, {
    onRoute: (route) => void routes.push(route),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.metrics ? { metrics: options.metrics(ctx) } : {}),
    ...(options.tracing ? { tracing: options.tracing } : {}),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return {
    app,
    ctx,
    database,
    routes,
    setNow(now) {
      fixedNow = now;
    },
  };
}
