// A request body must arrive within REQUEST_TIMEOUT_SECONDS of the request's start, or the
// connection is closed. Node's own requestTimeout stops watching once the headers are in, so a
// client sending one byte every few seconds could otherwise hold a connection for ever.
import type { FastifyInstance } from 'fastify';

export function registerBodyTimeout(app: FastifyInstance, timeoutMs: number): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request is
  // work a cached answer pays for nothing.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // A request has a body only when it says so (RFC 9112 §6.3: Content-Length or
    // Transfer-Encoding). Hooks run before Node has parsed the end of a bodiless GET, so
    // `complete` alone would arm a timer and three listeners for every page view.
    const announcesBody =
      raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    if (raw.complete || !announcesBody) {
      done();
      return;
    }
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
    done();
  });
}
