// The customer's choice after a weather cancellation, guarded by the manage-my-booking token
// (the link in the e-mail): the open offer, and the answer (move or refund).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tripChangeChoiceSchema,
  tripChangeOfferSchema,
  tripChangeResultSchema,
  tripChangeTokenQuery,
} from '@boats/domain/schemas/trip-cancellation';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { bookingForToken } from '../manage-booking/manage-service';
import { chooseTripChange, openTripChangeOffer } from './trip-change-service';

const params = z.object({ id: uuid });

export const tripChangeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/bookings/:id/trip-change',
    {
      schema: {
        tags: ['bookings'],
        summary: 'The open choice after a trip cancellation: trips to move to, deadline (manage token)',
        params,
        querystring: tripChangeTokenQuery,
        response: { 200: tripChangeOfferSchema },
      },
    },
    async (request, reply) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      const offer = await openTripChangeOffer(ctx, request.params.id);
      if (!offer) throw notFound('Open choice');
      reply.header('cache-control', 'no-store');
      return offer;
    },
  );

  app.post(
    '/api/bookings/:id/trip-change',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['bookings'],
        summary: 'Move to another trip of the boat, or take the refund (manage token)',
        params,
        body: tripChangeChoiceSchema,
        response: { 200: tripChangeResultSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.body.token);
      return chooseTripChange(ctx, request.params.id, request.body);
    },
  );
};
