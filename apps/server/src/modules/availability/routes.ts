import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityQuerySchema, availabilityResponseSchema } from '@boats/domain/schemas/slot';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import type { ReadCaches } from '../../http/read-caches';
import { sendCachedAnswer } from '../../http/send-cached-answer';
import { monthAnswer } from './month-answer';

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
    async (request, reply) => {
      const boatId = request.params.id;
      const range = { start: new Date(request.query.start), end: new Date(request.query.end) };
      const now = ctx.now();
      const key = `${boatId}|${range.start.getTime()}|${range.end.getTime()}`;
      const answer = await caches.months.get(key, boatId, now.getTime(), () =>
        monthAnswer(ctx.db, boatId, range, now),
      );
      // Seats change with every sale, so browsers revalidate each time; the ETag spares the
      // body when nothing moved.
      return sendCachedAnswer(request, reply, answer, 'no-cache');
    },
  );
};
