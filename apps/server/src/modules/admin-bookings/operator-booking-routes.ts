// POST /api/crew/trips/{slotId}/bookings: staff (admin, owners and crew) book a walk-in or phone
// customer on a trip or a charter; POST /api/crew/bookings/{id}/payment-link e-mails a booking's
// payment link again. Registered in the staff plugin of back-office-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  operatorBookingRequestSchema,
  operatorBookingResponseSchema,
} from '@boats/domain/schemas/operator-booking';
import { paymentLinkResentSchema } from '@boats/domain/schemas/payment-link';
import { slotIdParams } from '@boats/domain/schemas/trips';
import { uuid } from '@boats/domain/schemas/common';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import { bookForCustomer } from '../sales/counter-sale';
import { resendPaymentLink } from '../payment-links/payment-link-service';
import { audited, noteAudit } from '../audit/audit-trail';

export const operatorBookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/crew/trips/:slotId/bookings',
    {
      config: audited('booking.walk_in', { object: null }),
      schema: {
        tags: ['trips'],
        security: [{ bearer: [] }],
        summary:
          'Books a walk-in or phone customer, paid in cash, by card terminal or by bank transfer, or sent a payment link holding the seats',
        description:
          'payment.method link: e-mail required; the booking stays pending for payment.holdHours (1, 6 or 24), capped 30 minutes before the trip (holdCapped); 409 link_too_late when less than 10 minutes would be left.',
        params: slotIdParams,
        body: operatorBookingRequestSchema,
        response: { 201: operatorBookingResponseSchema },
      },
    },
    async (request, reply) => {
      const booked = await bookForCustomer(ctx, request.params.slotId, request.body, adminOf(request));
      noteAudit({ objectId: booked.bookingId, bookingId: booked.bookingId });
      return reply.code(201).send(booked);
    },
  );

  app.post(
    '/api/crew/bookings/:id/payment-link',
    {
      config: audited('booking.payment_link'),
      schema: {
        tags: ['trips'],
        security: [{ bearer: [] }],
        summary: "E-mails a booking's payment link again; the hold stays as it is",
        description:
          '409 link_not_open once paid or lapsed; 409 not_a_payment_link for a booking not sent one.',
        params: z.object({ id: uuid }),
        response: { 200: paymentLinkResentSchema },
      },
    },
    async (request) => resendPaymentLink(ctx, request.params.id, adminOf(request)),
  );
};
