import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is alive',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary:
          'The database answers; "degraded" while Redis is unreachable and rate limits are per instance',
        response: {
          200: z.object({
            status: z.enum(['ready', 'degraded']),
            database: z.string(),
            rateLimits: z.enum(['shared', 'per-instance']),
          }),
        },
      },
    },
    async () => {
      await ctx.database.ping();
      // Still 200 when degraded: the instance serves correctly, only its limits are not shared.
      const degraded = app.limits.degraded;
      return {
        status: degraded ? ('degraded' as const) : ('ready' as const),
        database: ctx.database.kind,
        rateLimits: ctx.config.REDIS_URL && !degraded ? ('shared' as const) : ('per-instance' as const),
      };
    },
  );
};
