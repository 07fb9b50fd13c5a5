import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import { CATALOGUE_GROUP, type ReadCaches } from '../../http/read-caches';
import { sendCachedAnswer } from '../../http/send-cached-answer';
import { CATALOGUE_KEY, catalogueAnswer } from './catalogue-answer';

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
      const answer = await caches.catalogue.get(CATALOGUE_KEY, CATALOGUE_GROUP, now, () =>
        catalogueAnswer(ctx.db, now),
      );
      return sendCachedAnswer(request, reply, answer, 'no-cache');
    },
  );
};
