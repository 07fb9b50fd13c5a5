import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '@boats/domain/schemas/slot';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { ReadCaches } from '../../http/read-caches';
import { sendCachedAnswer } from '../../http/send-cached-answer';
import { cachedMonth, MONTH_CACHE_CONTROL } from './month-answer';

export const availabilityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/api/boat/:id',
    {
      // Answers from memory do not queue; a fill takes its turn inside the cache.
      config: { workQueue: false },
      schema: {
        tags: ['booking'],
        summary: 'A boat and its slots starting in [start, end), with seats left and held slots marked',
        params: z.object({ id: uuid }),
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, 304: z.null().describe('Not modified (ETag matched)') },
      },
    },
    async (request, reply) =>
      sendCachedAnswer(
        request,
        reply,
        await cachedMonth(ctx, caches, request.params.id, request.query),
        MONTH_CACHE_CONTROL,
      ),
  );
};
