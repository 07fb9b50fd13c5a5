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
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (
      reply.getHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      return payload;
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
    if (body.length < MIN_BYTES) return payload;
    const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
    // Quality 4 brotli: most of the gain for little CPU, as the answer is made on every request.
    const encoded = /\bbr\b/.test(accepted)
      ? { name: 'br', bytes: await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) }
      : /\bgzip\b/.test(accepted)
        ? { name: 'gzip', bytes: await gzipAsync(body, { level: 6 }) }
        : undefined;
    if (!encoded) return payload;
    reply.header('content-encoding', encoded.name);
    reply.removeHeader('content-length');
    return encoded.bytes;
  });
}
