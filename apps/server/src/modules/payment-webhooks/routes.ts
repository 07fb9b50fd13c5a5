// Its own plugin, so the raw-body JSON parser applies to the webhook alone: the signature is
// computed over the exact bytes the provider sent.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { handleWebhook } from './webhook-service';

export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.post(
    '/api/payments/webhook',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Provider webhook (Stripe-signed): payment_intent.succeeded / payment_failed, charge.refunded, refund.*',
        description:
          'Answers 400 when the signature does not verify, 503 (retry later) while the booking is locked by a concurrent confirmation. Each event id is processed once.',
        response: {
          200: z.object({
            received: z.literal(true),
            duplicate: z.boolean().optional(),
            ignored: z.boolean().optional(),
          }),
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const signature = request.headers['stripe-signature'];
      return handleWebhook(ctx, raw, Array.isArray(signature) ? signature[0] : signature);
    },
  );
};
