// API answers (the month view is ~55 KB of JSON) are compressed for clients that accept it, so
// a phone downloads a fifth of the bytes. The built web app has precompressed copies instead
// (precompress.ts); streams (CSV export) and small bodies go out as they are.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|problem\+json|xml)|text\/)/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function registerResponseCompression(app: FastifyInstance): void {
  // A callback hook: most answers (cached ones arrive already compressed, small ones, streams)
  // leave unchanged, and they should not pay for a promise on the way out.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (
      reply.getHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      return done(null, payload);
    }
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-encoding')
    ) {
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    }
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    if (body.length < MIN_BYTES) return done(null, payload);
    const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
    // Quality 4 brotli: most of the gain for little CPU, as the answer is made on every request.
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (!encoding) return done(null, payload);
    const encoded =
      encoding === 'br'
        ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipAsync(body, { level: 6 });
    encoded.then(
      (bytes) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, bytes);
      },
      (err: Error) => done(err),
    );
  });
}
