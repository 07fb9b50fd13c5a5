// Manage my booking (public, rate-limited lookup; the rest needs the booking's manage token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingLookupRequestSchema,
  bookingLookupResponseSchema,
  cancellationQuoteSchema,
  manageTokenQuerySchema,
} from '@boats/domain/schemas/manage-booking';
import type { AppContext } from '../../context';
import {
  boatOfRow,
  bookingForToken,
  cancellationTerms,
  lookupBooking,
  toCancellationQuoteWire,
} from './manage-service';

/** Per client address: a customer who mistypes a few times, not someone guessing numbers. */
export const LOOKUP_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;

const bookingParams = z.object({ id: z.uuid() });

export const manageBookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/bookings/lookup',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Find a booking by its number (last 8 characters of the id) and e-mail',
        description:
          'Answers the booking and its manage token. A wrong number and a wrong e-mail get the same 404; 10 tries per address per 10 minutes (429).',
        body: bookingLookupRequestSchema,
        response: { 200: bookingLookupResponseSchema },
      },
    },
    async (request) => lookupBooking(ctx, request.body.reference, request.body.email),
  );

  app.get(
    '/api/bookings/:id/cancellation',
    {
      schema: {
        tags: ['booking'],
        summary: 'What cancelling now would refund under the boat’s cancellation policy (manage token)',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        response: { 200: cancellationQuoteSchema },
      },
    },
    async (request) => {
      const row = await bookingForToken(ctx, request.params.id, request.query.token);
      return toCancellationQuoteWire(cancellationTerms(row, await boatOfRow(ctx, row), ctx.now()));
    },
  );
};
