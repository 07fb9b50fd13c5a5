import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

// Limits are off by default and switched on per route (`config.rateLimit`). With REDIS_URL the
// counters are shared by every server instance; without it they live in this process.
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'boats-rl:' } : {}),
    // A Redis outage must not take the site down: let the request through.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      // The error handler reads `code` for the body's `error` field.
      code: 'rate_limited',
      error: 'rate_limited',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
}
