// A database outage while the server runs. Restarting the shared PostgreSQL is not an option on a
// machine others test on, so the server reaches it through a TCP proxy this test controls:
// cutting the proxy drops every connection and refuses new ones, as a database restart does.
// During the outage requests fail fast with 503 and Retry-After; afterwards they succeed again
// without restarting the server.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { createBoat, createSlot, HOUR, sharedRequest } from '../helpers/checkout-fixtures';
import { freePort, spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { openTestDatabase } from '../helpers/test-database';
import { tcpProxy } from '../helpers/tcp-proxy';

describe('database outage behind a running server', () => {
  let database: Database;
  let server: ServerProcess;
  let proxy: ReturnType<typeof tcpProxy>;
  let boatId = '';

  beforeAll(async () => {
    database = await openTestDatabase('demo');
    const direct = new URL(
      (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString as string,
    );
    const proxyPort = await freePort();
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) }, proxyPort);
    await proxy.up();
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxyPort);
    boatId = (await createBoat(database.db, { sharedMinSeatsToDepart: 0 })).id;
    server = await spawnServer({
      env: {
        DATABASE_URL: viaProxy.toString(),
        JWT_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST_DIR: '/nonexistent-web-build',
        NODE_ENV: 'test',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.cut();
    await database?.close();
  });

  const get = (path: string) => fetch(server.url + path);

  it('answers 503 with Retry-After while the database is away, then serves again by itself', async () => {
    expect((await get('/api/boats')).status).toBe(200);
    const slot = await createSlot(database.db, boatId, {
      type: 'shared',
      start: new Date(Date.now() + 9 * 24 * HOUR),
      hours: 2,
      seatsTotal: 10,
      seatPriceCents: 2000,
    });
    const intent = () =>
      fetch(`${server.url}/api/boat/payment-intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sharedRequest(boatId, slot, { adults: 1, children50: 0, kidsFree: 0 })),
      });

    await proxy.cut();
    const started = Date.now();
    for (const res of [
      await get('/api/boats'),
      await get('/readyz'),
      await intent(),
      await get('/api/boats'),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(((await res.json()) as { error: string }).error).toBe('unavailable');
    }
    // Failing fast matters: a hanging request ties up the customer and the load balancer.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await get('/healthz')).status).toBe(200); // the process itself is alive

    await proxy.up();
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/api/boats')).status).toBe(200);
    expect((await intent()).status).toBe(200);
  });

  it('survives repeated cuts without leaking broken connections', async () => {
    for (let i = 0; i < 3; i++) {
      await proxy.cut();
      expect((await get('/api/boats')).status).toBe(503);
      await proxy.up();
      const answers = await Promise.all(Array.from({ length: 30 }, () => get('/api/boats')));
      expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    }
  });
});
