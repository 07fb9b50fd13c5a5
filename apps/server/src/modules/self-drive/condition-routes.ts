// The boat's condition out and back (docs/decisions/0039), registered by routes.ts inside its
// two plugins: crew record it (staff), the customer reads it (manage token).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import { manageTokenQuerySchema } from '@boats/domain/schemas/manage-booking';
import {
  bookingConditionSchema,
  CONDITION_PHASES,
  conditionReportInputSchema,
} from '@boats/domain/schemas/condition';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { adminOf } from '../auth/require-admin';
import { audited } from '../audit/audit-trail';
import type { EvidencePhotos } from '../media/evidence-photos';
import { bookingForToken } from '../manage-booking/manage-service';
import { bookingCondition, recordCondition } from './condition-service';
import { staffBooking } from './licence-service';

const bookingParams = z.object({ id: uuid });
const phaseParams = z.object({ id: uuid, phase: z.enum(CONDITION_PHASES) });

export function conditionCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/bookings/:id/self-drive/condition',
    {
      schema: {
        tags: ['booking'],
        summary: 'The boat’s condition at departure and return, as signed (manage token)',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        response: { 200: bookingConditionSchema },
      },
    },
    async (request) => {
      const booking = await bookingForToken(ctx, request.params.id, request.query.token);
      const condition = await bookingCondition(ctx, booking, false);
      if (!condition) throw notFound('Condition');
      return condition;
    },
  );
}

export function conditionStaffRoutes(app: FastifyInstance, ctx: AppContext, photos: EvidencePhotos): void {
  const tags = ['trips'];
  const security = [{ bearer: [] }];
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/crew/bookings/:id/self-drive/condition',
    {
      schema: {
        tags,
        security,
        summary: 'A self-drive booking’s checklist and its condition records',
        params: bookingParams,
        response: { 200: bookingConditionSchema },
      },
    },
    async (request) => {
      const condition = await bookingCondition(
        ctx,
        await staffBooking(ctx, adminOf(request), request.params.id),
        true,
      );
      if (!condition) throw notFound('Condition');
      return condition;
    },
  );

  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/crew/bookings/:id/self-drive/condition/:phase',
    {
      config: audited('booking.condition_record'),
      schema: {
        tags,
        security,
        summary: 'Crew record the boat’s condition at departure or return, signed by the customer',
        description:
          'Photos uploaded first (POST …/self-drive/photos). `recordedAt` is the phone’s time (a record made without signal is sent later, within 36 hours). The same record sent again is taken once; another for the same phase is 409 condition_recorded. 409 departure_missing, condition_not_required, condition_closed; 400 condition_value naming `values.<key>`, condition_too_old.',
        params: phaseParams,
        body: conditionReportInputSchema,
        response: { 200: bookingConditionSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      await recordCondition(ctx, photos, user, request.params.id, request.params.phase, request.body);
      const condition = await bookingCondition(ctx, await staffBooking(ctx, user, request.params.id), true);
      if (!condition) throw notFound('Condition');
      return condition;
    },
  );
}
