// The site keeps answering while sign-ins are under attack: password hashes are bounded
// (MAX_CONCURRENT_PASSWORD_HASHES) and the web app is served from memory, so index.html and the
// JavaScript never queue behind scrypt for a worker thread. And any client gets the page.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashesRunning } from '../../src/modules/auth/password';
import { buildTestApp } from '../helpers/test-app';

const distDir = mkdtempSync(join(tmpdir(), 'boats-static-'));
const page = `<!doctype html><html><head><title>Boats</title><script type="module" src="/assets/app.js"></script></head><body>${'<p>Tenerife</p>'.repeat(200)}</body></html>`;
writeFileSync(join(distDir, 'index.html'), page);
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, 'assets', 'app.js'), `console.log(${JSON.stringify('x'.repeat(200_000))});`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

describe('the web app under a sign-in flood', async () => {
  // Behind one proxy hop, so the flood can come from 4 client addresses as in the attack run.
  const t = await buildTestApp({ template: 'empty', env: { WEB_DIST_DIR: distDir, TRUST_PROXY: 'true' } });

  it('answers GET / with the page to a client that asks for nothing in particular (curl)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(page);
    const compressed = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('keeps index.html and the bundle fast while 40 wrong sign-ins from 4 addresses are hashed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const limit = t.ctx.config.MAX_CONCURRENT_PASSWORD_HASHES;

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

    // /healthz is the control: it needs the event loop only. index.html and the bundle must do no
    // worse, whatever else the machine runs; read from disk they would queue behind the hashes
    // for a worker thread (seconds).
    const timings: Record<string, number[]> = { '/healthz': [], '/': [], '/assets/app.js': [] };
    // Past the burst's arrival (40 bodies parsed and looked up at once on the event loop): from
    // here on the hashes run, two at a time, for many seconds.
    await new Promise((r) => setTimeout(r, 1000));
    while (flooding && timings['/']!.length < 40) {
      peakHashes = Math.max(peakHashes, hashesRunning());
      for (const [url, samples] of Object.entries(timings)) {
        const started = performance.now();
        const res = await fetch(base + url, { headers: { 'accept-encoding': 'gzip, br' } });
        await res.arrayBuffer();
        samples.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const statuses = await flood;

    expect(statuses.filter((s) => s === 401)).toHaveLength(40);
    expect(peakHashes).toBeLessThanOrEqual(limit);
    expect(timings['/']!.length).toBeGreaterThanOrEqual(10);
    const control = percentile(timings['/healthz']!, 99);
    for (const url of ['/', '/assets/app.js']) {
      expect(percentile(timings[url]!, 99), url).toBeLessThan(2 * control + 100);
    }
  }, 180_000);
});
