// Abuse limits shared through Redis: parallel sign-in bursts spread over two instances, the
// growing delays computed in Redis, and a Redis outage (through a TCP proxy this test cuts):
// limits fall back to per-instance memory, /readyz says degraded, one log line each way.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LimitStore } from '../../src/http/limit-store';
import { FAILED_LOGINS_PER_ACCOUNT } from '../../src/modules/auth/login-throttle';
import { freePort } from '../helpers/spawn-server';
import { tcpProxy } from '../helpers/tcp-proxy';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { REAL_PASSWORD_HASH_COST } from '../helpers/test-config';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(100);
  }
}

describe('limits shared through Redis', async () => {
  const env = { REDIS_URL, ...REAL_PASSWORD_HASH_COST };
  const a = await buildTestApp({ template: 'empty', env });
  const b = await buildTestApp({ template: 'empty', env });
  await until(() => !a.app.limits.degraded && !b.app.limits.degraded);

  const signIn = (t: TestApp, ip: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user/auth',
      remoteAddress: ip,
      payload: { email, password: `wrong-${randomUUID()}`, remember: false },
    });

  it('checks at most the account limit of 60 parallel attempts spread over two instances', async () => {
    const email = `target-${randomUUID()}@example.com`;
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(i % 2 ? a : b, `10.70.${i % 6}.${Math.floor(Math.random() * 250)}`, email).then(
          (r) => r.statusCode,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILED_LOGINS_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - FAILED_LOGINS_PER_ACCOUNT);
  }, 120_000);

  it('computes the same doubling delays in Redis as in memory', async () => {
    const key = `test-backoff:${randomUUID()}`;
    const rule = { limit: 2, windowMs: 60_000, backoffBaseMs: 100 };
    const allowed: boolean[] = [];
    for (let i = 0; i < 4; i++) allowed.push((await a.app.limits.attempt(key, rule)).allowed);
    expect(allowed).toEqual([true, true, false, false]);
    await sleep(250); // the first delay: 200 ms
    expect((await a.app.limits.attempt(key, rule)).allowed).toBe(true);
    const next = await b.app.limits.attempt(key, rule);
    expect(next.allowed).toBe(false);
    // The second delay is 400 ms, set by the attempt just let through.
    expect(!next.allowed && next.retryAfterMs).toBeGreaterThan(300);
  });
});

describe('a Redis outage', async () => {
  const target = new URL(REDIS_URL);
  const port = await freePort();
  const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 6379) }, port);
  await proxy.up();
  const viaProxy = `redis://127.0.0.1:${port}`;
  const t = await buildTestApp({
    template: 'empty',
    env: { REDIS_URL: viaProxy, ...REAL_PASSWORD_HASH_COST },
  });

  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const store = LimitStore.connect(viaProxy, pino({ level: 'info' }, sink));
  afterAll(() => store.close());

  const readyz = async () =>
    (await t.app.inject({ method: 'GET', url: '/readyz' })).json() as { status: string };
  const contact = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/messages/messages',
      remoteAddress: ip,
      payload: { name: 'Visitor', email: 'visitor@example.com', source: 'landing' },
    });

  it('falls back to per-instance limits, says so once, and recovers', async () => {
    await until(async () => (await readyz()).status === 'ready' && !store.degraded);

    await proxy.cut();
    await until(async () => (await readyz()).status === 'degraded' && store.degraded);
    // Limits still hold during the outage.
    const ip = `10.71.${Math.floor(Math.random() * 250)}.1`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    for (let i = 0; i < 5; i++) await store.hit(`outage:${i}`, 1000);

    await proxy.up();
    await until(async () => (await readyz()).status === 'ready' && !store.degraded, 30_000);

    const messages = lines.map((l) => l.msg);
    expect(messages.filter((m) => m.startsWith('rate limits degraded'))).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith('rate limits recovered'))).toHaveLength(1);
  }, 60_000);
});
