// A request body must arrive within REQUEST_TIMEOUT_SECONDS of the request's start, or the
// connection is closed. Node's own requestTimeout stops watching once the headers are in, so a
// client sending one byte every few seconds could otherwise hold a connection for ever.
import type { FastifyInstance } from 'fastify';

export function registerBodyTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    if (raw.complete) return;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info({ url: request.url, timeoutMs }, 'request body too slow: connection closed');
      raw.socket.destroy();
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('close', stop);
  });
}
