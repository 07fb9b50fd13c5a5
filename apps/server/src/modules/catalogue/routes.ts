import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import { CATALOGUE_GROUP, MAX_CACHED_MS, type ReadCaches } from '../../http/read-caches';
import { sendCachedAnswer } from '../../http/send-cached-answer';
import { toBoatDto } from '../boats/boat-mapper';
import { listActiveBoats } from '../boats/boat-repository';

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/api/boats',
    {
      // Answers from memory do not queue; a fill takes its turn inside the cache.
      config: { workQueue: false },
      schema: {
        tags: ['catalogue'],
        summary: "The active fleet (the landing page turns each boat into a card in the visitor's language)",
        response: { 200: boatsListResponseSchema, 304: z.null().describe('Not modified (ETag matched)') },
      },
    },
    async (request, reply) => {
      const now = ctx.now().getTime();
      const answer = await caches.catalogue.get('active', CATALOGUE_GROUP, now, async () => {
        const rows = await listActiveBoats(ctx.db);
        // Validated once per fill, not per answer (see month-answer.ts).
        const body = boatsListResponseSchema.parse({ items: rows.map(toBoatDto) });
        return { body: JSON.stringify(body), validUntil: now + MAX_CACHED_MS };
      });
      return sendCachedAnswer(request, reply, answer, 'no-cache');
    },
  );
};
