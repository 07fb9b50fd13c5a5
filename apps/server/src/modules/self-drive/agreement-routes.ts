// The rental agreement's PDF (docs/decisions/0039), registered by routes.ts inside its two
// plugins: the customer's (manage token) and staff's (the boat's owner, their crew, the platform).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingReference } from '@boats/domain/booking-reference';
import { uuid } from '@boats/domain/schemas/common';
import { manageTokenQuerySchema } from '@boats/domain/schemas/manage-booking';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import type { BookingRow } from '../bookings/booking-repository';
import { adminOf } from '../auth/require-admin';
import { audited } from '../audit/audit-trail';
import { bookingForToken } from '../manage-booking/manage-service';
import { agreementPdf } from './agreement';
import { bookingLicence, staffBooking } from './licence-service';

const bookingParams = z.object({ id: uuid });

async function sendAgreement(ctx: AppContext, reply: FastifyReply, booking: BookingRow) {
  if ((await bookingLicence(ctx, booking, false)).required === null)
    throw conflict(
      'agreement_not_required',
      'This boat comes with its skipper: there is no rental agreement.',
    );
  const pdf = await agreementPdf(ctx, ctx.db, booking);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="agreement-${bookingReference(booking.id)}.pdf"`)
    .send(Buffer.from(pdf));
}

export function agreementCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bookings/:id/self-drive/agreement.pdf',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The rental agreement of a self-drive booking, filled and in the customer’s language (PDF; manage token)',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
      },
    },
    async (request, reply) => {
      return sendAgreement(ctx, reply, await bookingForToken(ctx, request.params.id, request.query.token));
    },
  );
}

export function agreementStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/crew/bookings/:id/self-drive/agreement.pdf',
    {
      // A customer's personal data as a file that leaves the site: written to the audit trail.
      config: audited('export.rental_agreement'),
      schema: {
        tags: ['trips'],
        security: [{ bearer: [] }],
        summary:
          'A self-drive booking’s rental agreement (PDF), for the boat’s owner, their crew and the platform',
        params: bookingParams,
      },
    },
    async (request, reply) =>
      sendAgreement(ctx, reply, await staffBooking(ctx, adminOf(request), request.params.id)),
  );
}
