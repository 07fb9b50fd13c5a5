import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import type { ReadCaches } from '../../http/read-caches';
import { sendCachedAnswer } from '../../http/send-cached-answer';
import { CATALOGUE_CACHE_CONTROL, cachedCatalogue } from './catalogue-answer';

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
      return sendCachedAnswer(request, reply, await cachedCatalogue(ctx, caches), CATALOGUE_CACHE_CONTROL);
    },
  );
};
