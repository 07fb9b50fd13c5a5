import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorIdentitySchema } from '@boats/domain/schemas/operator';
import type { AppContext } from '../../context';
import { operatorIdentity } from './operator-identity';

export const operatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const identity = operatorIdentity(ctx.config);
  app.get(
    '/api/operator',
    {
      schema: {
        tags: ['site'],
        summary: 'Who runs the site: the company named on the legal pages',
        response: { 200: operatorIdentitySchema },
      },
    },
    async (_request, reply) => {
      // Configuration only changes with a restart; an hour in caches is plenty.
      void reply.header('cache-control', 'public, max-age=3600');
      return identity;
    },
  );
};
