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
      const start = Date.parse(request.query.start);
      const end = Date.parse(request.query.end);
      const now = ctx.now();
      // The instants, not the strings: one month asked with two offsets is one entry.
      const key = `${boatId}|${start}|${end}`;
      const answer = await caches.months.get(key, boatId, now.getTime(), () =>
        monthAnswer(ctx.db, boatId, { start: new Date(start), end: new Date(end) }, now),
      );
      // Seats change with every sale, so browsers revalidate each time; the ETag spares the
      // body when nothing moved.
      return sendCachedAnswer(request, reply, answer, 'no-cache');
    },
  );
};
