// Response headers and cookies as a browser sees them, over plain http (local) and behind https
// (production): the CSP lets Stripe work but no inline script, HSTS only over https, and the
// refresh cookie never readable by scripts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';

const DEMO_ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

// A tiny built web app, so the HTML answer is tested without depending on a real build.
const distDir = mkdtempSync(join(tmpdir(), 'boats-security-dist-'));
writeFileSync(
  join(distDir, 'index.html'),
  '<!doctype html><html><head><title>t</title></head><body></body></html>',
);

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function signIn(app: Awaited<ReturnType<typeof buildTestApp>>['app']) {
  return app.inject({
    method: 'POST',
    url: '/user/auth',
    payload: { ...DEMO_ADMIN, remember: true },
  });
}

describe.each([
  ['http://localhost:3000', false],
  ['https://boats.example', true],
] as const)('served at %s', async (publicUrl, https) => {
  const t = await buildTestApp({ template: 'demo', env: { PUBLIC_URL: publicUrl, WEB_DIST_DIR: distDir } });

  it('sends a CSP without inline scripts that still lets Stripe load, and the usual hardening headers', async () => {
    for (const [url, accept] of [
      ['/api/boats', 'application/json'],
      ['/booking', 'text/html'],
      ['/api/nope', 'application/json'],
    ] as const) {
      const res = await t.app.inject({ url, headers: { accept } });
      const csp = res.headers['content-security-policy'];
      expect(typeof csp, `${url} has a CSP`).toBe('string');
      const d = directives(csp as string);
      const scripts = d.get('script-src') ?? d.get('default-src') ?? [];
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain('*');
      expect(scripts).toContain('https://js.stripe.com');
      expect(d.get('frame-src') ?? []).toContain('https://js.stripe.com');
      expect(d.get('connect-src') ?? []).toContain('https://api.stripe.com');
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['server']).toBeUndefined();
      if (https) expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      else expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it(`sets the refresh cookie HttpOnly, SameSite${https ? ' and Secure' : ', not Secure on plain http'}`, async () => {
    const res = await signIn(t.app);
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
      if (https) expect(cookie).toMatch(/;\s*Secure/i);
      else expect(cookie).not.toMatch(/;\s*Secure/i);
    }
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });
});

describe('compressed API answers and errors that never leak internals', async () => {
  const t = await buildTestApp({ template: 'demo' });

  it('sends JSON brotli- or gzip-compressed only to clients that accept it, and says it varies', async () => {
    const plain = await t.app.inject('/api/boats');
    const expected = plain.json();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url: '/api/boats', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(expected);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unexpected failure with a generic 500 body, no stack or SQL', async () => {
    // A closed database is the most ordinary unexpected failure a route can meet.
    const broken = await buildTestApp({ template: 'empty' });
    await broken.database.close();
    const res = await broken.app.inject('/api/boats');
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.body).not.toMatch(/at .*\.ts:\d+|select |stack|PGlite|node_modules/i);
  });

  it('keeps error bodies JSON with a code and a message only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/auth',
      payload: { email: 'x@example.com', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json() as object).sort()).toEqual(['error', 'message']);
  });
});
