import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/test-app';

describe('foundation: health, fleet, docs and errors', async () => {
  const { app } = await buildTestApp({ template: 'demo' });

  it('answers liveness and readiness with the database kind', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('lists the seeded fleet in the spec shape', async () => {
    const res = await app.inject('/api/boats');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: Record<string, unknown>[] };
    expect(items.length).toBeGreaterThanOrEqual(6);
    const ports = new Set(items.map((b) => (b.port as { name: string }).name));
    expect(ports).toContain('Puerto Colón');
    expect(ports).toContain('Los Gigantes');
    const first = items[0]!;
    expect(first).toMatchObject({ isActive: true, pricing: { perHour: expect.any(Number) } });
    expect(typeof first._id).toBe('string');
    expect((first.images as string[]).length).toBeGreaterThanOrEqual(3);
    expect(first.titleI18n).toMatchObject({
      en: expect.any(String),
      es: expect.any(String),
      ru: expect.any(String),
    });
  });

  it('serves an OpenAPI document that lists the routes', async () => {
    const res = await app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/boats');
  });

  it('answers unknown API paths with a JSON 404, never HTML', async () => {
    const res = await app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/boat/payment-intent',
      headers: { 'content-type': 'application/json' },
      payload: '{"currency": ',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('sends security headers and hides the framework', async () => {
    const res = await app.inject('/api/boats');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
