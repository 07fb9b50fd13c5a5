import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boatsListResponseSchema } from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import { toBoatDto } from '../boats/boat-mapper';
import { bookableKinds, listActiveBoats } from '../boats/boat-repository';

export const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/boats',
    {
      schema: {
        tags: ['catalogue'],
        summary: "The active fleet (the landing page turns each boat into a card in the visitor's language)",
        response: { 200: boatsListResponseSchema },
      },
    },
    async (_request, reply) => {
      const [rows, kinds] = await Promise.all([listActiveBoats(ctx.db), bookableKinds(ctx.db, ctx.now())]);
      reply.header('cache-control', 'public, max-age=60');
      return {
        items: rows.map((row) => ({
          ...toBoatDto(row),
          offers: {
            charter: kinds.get(row.id)?.has('private') ?? false,
            shared: kinds.get(row.id)?.has('shared') ?? false,
          },
        })),
      };
    },
  );
};
