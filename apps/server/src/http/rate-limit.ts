import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { clientKey } from './client-key';
import { LimitStore } from './limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The counters behind every abuse limit (Redis, or memory while Redis is away). */
    limits: LimitStore;
  }
}

type StoreCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store interface over the LimitStore, one namespace per route. */
function pluginStore(limits: LimitStore) {
  return class RouteLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its own options; children get their prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      limits.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    child(options: RouteOptions): RouteLimitStore {
      const route = (options as unknown as { routeInfo: Partial<RouteOptions> }).routeInfo;
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new RouteLimitStore(`rl:${method}${route.url ?? ''}:`);
    }
  };
}

// Limits are off by default and switched on per route (`config.rateLimit`). With REDIS_URL the
// counters are shared by every server instance; without it, or while Redis is unreachable, they
// live in this process (limit-store.ts): a Redis outage never switches a limit off.
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const limits = LimitStore.connect(redisUrl, app.log);
  app.decorate('limits', limits);
  await app.register(rateLimit, {
    global: false,
    store: pluginStore(limits),
    // Every route limit counts per client as every other per-client limit does (an IPv6 /64 is
    // one client); a route may still count by something else (an account) with its own.
    keyGenerator: clientKey,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      // The error handler reads `code` for the body's `error` field.
      code: 'rate_limited',
      error: 'rate_limited',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  app.addHook('onClose', async () => limits.close());
}
