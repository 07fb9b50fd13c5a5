// POST /api/payment-link: the payment link a staff member e-mailed (docs/payments.md#operator-taken-bookings).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentLinkRequestSchema, paymentLinkViewSchema } from '@boats/domain/schemas/payment-link';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import { openPaymentLink } from './payment-link-service';

export const publicPaymentLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The answer names the customer and carries the payment's client secret.
  app.addHook('onSend', noStore);

  app.post(
    '/api/payment-link',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['booking'],
        summary:
          'The payment link of a booking taken by staff: the booking and, while its hold lasts, its card payment',
        description:
          "Needs the signed token of the e-mail (403 invalid_payment_link otherwise). state open carries the hold's intent, paid once paid, lapsed once the hold ended and the seats were released (no intent).",
        body: paymentLinkRequestSchema,
        response: { 200: paymentLinkViewSchema },
      },
    },
    async (request) => openPaymentLink(ctx, request.body),
  );
};
