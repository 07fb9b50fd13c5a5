// The public GETs answered from memory (the catalogue, a boat's month: read-caches.ts) are taken
// by the HTTP server before Fastify sees them (docs/performance.md#read-caches-the-embedded-database-under-a-crowd-the-built-server):
// for a cached answer Fastify's routing, request and reply objects and hooks were about a third
// of the CPU. What those hooks give such an answer is given here too: the security headers, the
// request metrics, and the answer exactly as the route sends it (cachedAnswerReply). Every other
// request, a query the route's schema refuses, a fill that fails (Fastify then answers it, with
// its error), a server that is closing or one with traces on (each request keeps its span) goes
// to Fastify as before. Tests: test/api/http/cached-reads-first.test.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { CachedAnswer } from './answer-cache';
import { cachedAnswerReply } from './send-cached-answer';

/** One cached GET: its route as the metrics name it, and its answer for a request of its own. */
export type CachedRead = {
  route: string;
  cacheControl: string;
  /** The answer for this path and query, or undefined: not this read's request (or a refused query). */
  answer(path: string, query: URLSearchParams): Promise<CachedAnswer> | undefined;
};

export type CachedReadsFirst = {
  reads: CachedRead[];
  securityHeaders: Record<string, string>;
  observe(route: string, status: number, seconds: number): void;
  closing(): boolean;
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type ServerOptions = { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };

/**
 * Fastify's `serverFactory`: an HTTP server (with the timeouts Fastify would give its own) whose
 * requests go to Fastify's `handler` unless `first()` takes them.
 */
export function serverTakingCachedReadsFirst(first: () => CachedReadsFirst | undefined) {
  return (handler: Handler, options: ServerOptions): Server => {
    const server = createServer((req, res) => {
      const reads = first();
      if (!reads || !answerFirst(reads, req, res, () => handler(req, res))) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}

/** Whether the request is a cached read's: then it is answered here, or handed to Fastify on failure. */
function answerFirst(
  first: CachedReadsFirst,
  req: IncomingMessage,
  res: ServerResponse,
  toFastify: () => void,
): boolean {
  if (req.method !== 'GET' || first.closing()) return false;
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1));
  for (const read of first.reads) {
    const answer = read.answer(path, query);
    if (answer === undefined) continue;
    const started = performance.now();
    answer.then((cached) => {
      const { status, headers, body } = cachedAnswerReply(
        cached,
        read.cacheControl,
        req.headers['if-none-match'],
        req.headers['accept-encoding'],
      );
      res.writeHead(status, {
        ...first.securityHeaders,
        ...headers,
        ...(body === undefined ? {} : { 'content-length': body.length }),
      });
      res.end(body);
      first.observe(read.route, status, (performance.now() - started) / 1000);
    }, toFastify);
    return true;
  }
  return false;
}

/**
 * The query as the route's schema would see it, or undefined when a name repeats (Fastify reads
 * it as a list, which the schema refuses: left to Fastify to answer 400).
 */
export function singleValued(query: URLSearchParams): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const [name, value] of query) {
    if (name in values) return undefined;
    values[name] = value;
  }
  return values;
}
