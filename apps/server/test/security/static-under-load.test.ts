// The site keeps answering while sign-ins are under attack: password hashes are bounded
// (MAX_CONCURRENT_PASSWORD_HASHES) and the web app is served from memory, so index.html and the
// JavaScript never queue behind scrypt for a worker thread. And any client gets the page.
import { pbkdf2 } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashesRunning } from '../../src/modules/auth/password';
import { buildTestApp } from '../helpers/test-app';
import { REAL_PASSWORD_HASH_COST } from '../helpers/test-config';

const distDir = mkdtempSync(join(tmpdir(), 'boats-static-'));
const page = `<!doctype html><html><head><title>Boats</title><script type="module" src="/assets/app.js"></script></head><body>${'<p>Tenerife</p>'.repeat(200)}</body></html>`;
writeFileSync(join(distDir, 'index.html'), page);
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, 'assets', 'app.js'), `console.log(${JSON.stringify('x'.repeat(200_000))});`);

describe('the web app under a sign-in flood', async () => {
  // Behind one proxy hop, so the flood can come from 4 client addresses as in the attack run.
  const t = await buildTestApp({
    template: 'empty',
    env: { WEB_DIST_DIR: distDir, TRUST_PROXY: 'true', ...REAL_PASSWORD_HASH_COST },
  });

  it('answers GET / with the page to a client that asks for nothing in particular (curl)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // (the landing page's head gains its structured data and preview: modules/seo)
    expect(res.body).toMatch(/^<!doctype html><html[^>]*><head><title>Boats<\/title>/);
    expect(res.body).toContain(`<body>${'<p>Tenerife</p>'.repeat(200)}</body>`);
    const compressed = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('hashes at most MAX_CONCURRENT_PASSWORD_HASHES of 40 wrong sign-ins from 4 addresses at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    let flooding = true;
    let peakHashes = 0;
    const flood = Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${base}/user/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.80.0.${i % 4}` },
          body: JSON.stringify({
            email: `flood-${i}@example.com`,
            password: 'wrong-password',
            remember: false,
          }),
        }).then((r) => r.status),
      ),
    ).finally(() => (flooding = false));
    while (flooding) {
      peakHashes = Math.max(peakHashes, hashesRunning());
      await new Promise((r) => setTimeout(r, 5));
    }
    const statuses = await flood;
    expect(statuses.filter((s) => s === 401)).toHaveLength(40);
    expect(peakHashes).toBeGreaterThan(0);
    expect(peakHashes).toBeLessThanOrEqual(t.ctx.config.MAX_CONCURRENT_PASSWORD_HASHES);
  }, 180_000);

  // Whatever else keeps libuv's thread pool busy (password hashes, other file reads), the page and
  // its JavaScript need none of its threads: they come from memory, already compressed. Read from
  // disk or compressed per request, they would wait for a thread, here until the busy jobs end.
  // An order of events, not a stopwatch, so a slow machine cannot make it pass or fail.
  it('answers index.html and the bundle while every thread of the pool is busy', async () => {
    const poolSize = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    let poolJobsDone = 0;
    const poolJobs = Array.from(
      { length: poolSize },
      () =>
        new Promise<void>((resolve, reject) =>
          pbkdf2('busy', 'salt', 4_000_000, 64, 'sha512', (err) => {
            poolJobsDone += 1;
            if (err) reject(err);
            else resolve();
          }),
        ),
    );
    const answeredWhilePoolBusy: Record<string, boolean> = {};
    for (const url of ['/', '/assets/app.js']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        answeredWhilePoolBusy[`${url} ${encoding}`] = poolJobsDone === 0;
      }
    }
    await Promise.all(poolJobs);
    expect(Object.values(answeredWhilePoolBusy).every(Boolean), JSON.stringify(answeredWhilePoolBusy)).toBe(
      true,
    );
  }, 180_000);
});
