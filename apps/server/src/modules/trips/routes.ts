// The operator's day for staff (admin and crew): trips of a day, a trip's manifest (JSON and
// CSV), check-in by code. Waiving a trip's minimum is the admin's decision only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkinRequestSchema,
  checkinResponseSchema,
  manifestResponseSchema,
  minimumWaiverSchema,
  slotIdParams,
  tripSchema,
  tripsQuerySchema,
  tripsResponseSchema,
} from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { adminOf, requireAdmin, requireStaff } from '../auth/require-admin';
import { checkIn } from './checkin-service';
import { listTrips, manifestCsv, tripManifest, waiveMinimum } from './trips-service';

const tags = ['trips'];
const security = [{ bearer: [] }];

export const tripsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staffOnly = requireStaff(ctx);
  const adminOnly = requireAdmin(ctx);

  app.get(
    '/api/admin/trips',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: "Every boat's trips of a Canary day with sales, minimum and state",
        querystring: tripsQuerySchema,
        response: { 200: tripsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { date: request.query.date, items: await listTrips(ctx, request.query.date) };
    },
  );

  app.get(
    '/api/admin/trips/:slotId/manifest',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Who travels on a trip: bookings, phones, passengers, tickets, boarding',
        params: slotIdParams,
        response: { 200: manifestResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tripManifest(ctx, request.params.slotId);
    },
  );

  app.get(
    '/api/admin/trips/:slotId/manifest.csv',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'The manifest as CSV (UTF-8 with BOM, one line per ticket)',
        params: slotIdParams,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const manifest = await tripManifest(ctx, request.params.slotId);
      const day = manifest.trip.start.slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename=manifest_${day}_${manifest.trip.slotId.slice(-8)}.csv`,
        )
        .header('cache-control', 'no-store');
      return `\uFEFF${manifestCsv(manifest)}`;
    },
  );

  app.post(
    '/api/admin/checkin',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Boards a ticket or charter pass by its code (idempotent)',
        body: checkinRequestSchema,
        response: { 200: checkinResponseSchema },
      },
    },
    async (request) => checkIn(ctx, request.body, adminOf(request)),
  );

  app.put(
    '/api/admin/trips/:slotId/minimum',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Waives (or restores) the minimum to depart for one trip',
        params: slotIdParams,
        body: minimumWaiverSchema,
        response: { 200: tripSchema },
      },
    },
    async (request) => waiveMinimum(ctx, request.params.slotId, request.body.waived),
  );
};
