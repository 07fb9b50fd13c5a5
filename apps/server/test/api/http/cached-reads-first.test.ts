// The catalogue and a boat's month are answered by the HTTP server before Fastify sees them
// (http/cached-reads-first.ts). Over a real socket each answer is the one Fastify gives the same
// request (status, every header but the connection's, the bytes): plain, gzip, brotli, a 304 for
// a matching ETag; the request is counted in the metrics under its route, and Fastify never saw it
// (its request log has no line for it). A query the route refuses, an unknown boat and a HEAD
// still go to Fastify, which answers them as before.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../src/modules/metrics/metrics';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSharedTrip, HOUR } from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-01T09:00:00Z');
/** Set by the socket and the keep-alive, not by either answer. */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

type Answer = { status: number; headers: Record<string, unknown>; body: Buffer };

describe('cached reads answered ahead of Fastify', async () => {
  const logged: string[] = [];
  const observed: string[] = [];
  const t = await buildTestApp({
    template: 'empty',
    now: NOW,
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    }),
    metrics: (ctx) => {
      const metrics = createMetrics(ctx);
      return {
        ...metrics,
        observeRequest(method, route, status, seconds) {
          observed.push(`${method} ${route} ${status}`);
          metrics.observeRequest(method, route, status, seconds);
        },
      };
    },
  });
  const boat = await createBoat(t.ctx.db);
  await createSharedTrip(t.ctx.db, boat.id, new Date(NOW.getTime() + 48 * HOUR));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;

  const overSocket = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  const throughFastify = async (url: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await t.app.inject({ url, headers });
    return { status: res.statusCode, headers: { ...res.headers }, body: res.rawPayload };
  };
  const withoutConnection = ({ status, headers, body }: Answer) => ({
    status,
    body,
    headers: Object.fromEntries(
      Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.includes(name)),
    ),
  });
  /** Whether Fastify logged a request for this URL since the log's line `since`. */
  const fastifySaw = (url: string, since: number) =>
    logged.slice(since).some((line) => line.includes(JSON.stringify(url)));

  const month = `/api/boat/${boat.id}?start=2027-06-01T00:00:00.000Z&end=2027-07-01T00:00:00.000Z`;

  it('answers the catalogue and a month as Fastify does, without Fastify, counted under their routes', async () => {
    for (const [url, route] of [
      ['/api/boats', '/api/boats'],
      [month, '/api/boat/:id'],
    ] as const) {
      for (const encoding of [
        {},
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'gzip, deflate, br' },
      ] as Record<string, string>[]) {
        observed.length = 0;
        const since = logged.length;
        const first = await overSocket(url, encoding);
        expect(first.status).toBe(200);
        expect(fastifySaw(url, since)).toBe(false);
        expect(observed).toEqual([`GET ${route} 200`]);
        expect(withoutConnection(first)).toEqual(withoutConnection(await throughFastify(url, encoding)));
        // Security headers as on every answer.
        expect(first.headers['content-security-policy']).toContain("default-src 'self'");
        const etag = String(first.headers.etag);
        const notModified = await overSocket(url, { ...encoding, 'if-none-match': etag });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        expect(withoutConnection(notModified)).toEqual(
          withoutConnection(await throughFastify(url, { ...encoding, 'if-none-match': etag })),
        );
      }
    }
  });

  it('leaves to Fastify what the route refuses, an unknown boat and a HEAD', async () => {
    const refused = `/api/boat/${boat.id}?start=2027-06-01T00:00:00.000Z`;
    const unknown = `/api/boat/00000000-0000-4000-8000-000000000000?start=2027-06-01T00:00:00.000Z&end=2027-07-01T00:00:00.000Z`;
    const repeated = `${month}&start=2027-06-02T00:00:00.000Z`;
    for (const [url, status] of [
      [refused, 400],
      [unknown, 404],
      [repeated, 400],
    ] as const) {
      const since = logged.length;
      const answer = await overSocket(url);
      expect(answer.status, url).toBe(status);
      expect(fastifySaw(url, since), url).toBe(true);
      expect(withoutConnection(answer).body).toEqual((await throughFastify(url)).body);
    }
    const since = logged.length;
    const head = await overSocket('/api/boats', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(fastifySaw('/api/boats', since)).toBe(true);
  });
});
