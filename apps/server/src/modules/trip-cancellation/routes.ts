// Weather cancellation of a trip, and its report: by the admin, or by the owner of the trip's
// boat (registered in the back-office plugin of back-office-routes.ts; another owner's: 404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  tripCancelPreviewSchema,
  tripCancelReportSchema,
  tripCancelRequestSchema,
  tripCancelResultSchema,
} from '@boats/domain/schemas/trip-cancellation';
import { slotIdParams } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { adminOf, scopeOfRequest } from '../auth/require-admin';
import { previewTripCancellation } from './trip-cancellation-preview';
import { tripCancellationReport } from './trip-cancellation-report';
import { cancelTrip } from './trip-cancellation-service';
import { audited } from '../audit/audit-trail';

const tags = ['trips'];
const security = [{ bearer: [] }];

export const tripCancellationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/trips/:slotId/cancel',
    {
      config: audited('trip.cancel', { object: 'slotId' }),
      schema: {
        tags,
        security,
        summary:
          'Cancels a whole trip (weather): every booking canceled, refunded and e-mailed; safe to repeat',
        params: slotIdParams,
        body: tripCancelRequestSchema,
        response: { 200: tripCancelResultSchema },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { reasonCode, note, message, offer } = request.body;
      const totals = await cancelTrip(ctx, scopeOfRequest(request), request.params.slotId, {
        reasonCode,
        note: note ?? '',
        message: message ?? null,
        offer,
        cause: 'weather',
        actor: admin.email,
        actorUserId: admin.id,
      });
      return { canceled: totals.canceled, refunded: totals.refunded, emailed: totals.emailed };
    },
  );

  app.get(
    '/api/admin/trips/:slotId/cancel/preview',
    {
      schema: {
        tags,
        security,
        summary: "Before canceling: each customer's deadline to choose, or a refund at once",
        params: slotIdParams,
        response: { 200: tripCancelPreviewSchema },
      },
    },
    async (request) => {
      return previewTripCancellation(ctx, scopeOfRequest(request), request.params.slotId);
    },
  );

  app.get(
    '/api/admin/trips/:slotId/cancellation',
    {
      schema: {
        tags,
        security,
        summary: 'Progress and report of a trip cancellation',
        params: slotIdParams,
        response: { 200: tripCancelReportSchema },
      },
    },
    async (request) => tripCancellationReport(ctx, scopeOfRequest(request), request.params.slotId),
  );
};
