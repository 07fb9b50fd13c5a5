// POST /api/admin/trips/{slotId}/bookings: staff (admin and crew) book a walk-in or phone
// customer on a trip or a charter. Registered in the staff plugin of back-office-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  operatorBookingRequestSchema,
  operatorBookingResponseSchema,
} from '@boats/domain/schemas/operator-booking';
import { slotIdParams } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import { bookForCustomer } from './operator-booking-service';

export const operatorBookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/trips/:slotId/bookings',
    {
      schema: {
        tags: ['trips'],
        security: [{ bearer: [] }],
        summary: 'Books a walk-in or phone customer, paid in cash, by card terminal or by bank transfer',
        params: slotIdParams,
        body: operatorBookingRequestSchema,
        response: { 201: operatorBookingResponseSchema },
      },
    },
    async (request, reply) => {
      const booked = await bookForCustomer(ctx, request.params.slotId, request.body, adminOf(request));
      return reply.code(201).send(booked);
    },
  );
};
