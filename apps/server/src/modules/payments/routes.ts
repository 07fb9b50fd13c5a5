import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsConfigSchema } from '@boats/domain/schemas/payments-config';
import type { AppContext } from '../../context';
import { sandboxRoutes } from './sandbox-routes';

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Which card form the browser shows: the built-in sandbox, or Stripe's with its publishable key",
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => ctx.payments.publicConfig(),
  );

  if (ctx.payments.name === 'sandbox') await app.register(sandboxRoutes, { ctx });
};
