// The operator's day. tripsStaffRoutes (admin, owners and crew; registered in the staff plugin
// of back-office-routes.ts): trips of a day, a trip's manifest (JSON and CSV), check-in by code,
// each in the caller's scope (an owner and their crew: the owner's boats only).
// tripsAdminRoutes (admin plugin): waiving a trip's minimum is the admin's decision only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canaryDateKey } from '@boats/domain/canary-time';
import { manifestCsv } from '@boats/domain/csv';
import { csvLanguage } from '../../locale-texts';
import { exportLanguageQuery } from '@boats/domain/schemas/common';
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
import { adminOf, readerKeyOf, scopeOfRequest } from '../auth/require-admin';
import { checkIn } from './checkin-service';
import { manifestUntil, TRIP_ANSWER_TABLES, tripManifest, tripsOfDay, waiveMinimum } from './trips-service';
import { boatIdsOfScope } from '../owner-scope/owner-scope';
import { sendBackOfficeAnswer } from '../../http/back-office-answers';
import type { ReadCaches } from '../../http/read-caches';
import { audited } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';

const tags = ['trips'];
const security = [{ bearer: [] }];

/** A day's trips and a manifest come from the read cache between changes (http/back-office-answers.ts). */
export const tripsStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/api/crew/trips',
    {
      schema: {
        tags,
        security,
        summary:
          "Every boat's trips of a Canary day with sales, minimum and state, and the money staff took in person that day",
        querystring: tripsQuerySchema,
        response: { 200: tripsResponseSchema },
      },
    },
    async (request, reply) =>
      sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        tripsResponseSchema,
        { tables: TRIP_ANSWER_TABLES, boatIds: boatIdsOfScope(scopeOfRequest(request)) },
        (at) => tripsOfDay(at, scopeOfRequest(request), request.query.date),
      ),
  );

  app.get(
    '/api/crew/trips/:slotId/manifest',
    {
      schema: {
        tags,
        security,
        summary: 'Who travels on a trip: bookings, phones, passengers, tickets, boarding',
        params: slotIdParams,
        response: { 200: manifestResponseSchema },
      },
    },
    async (request, reply) =>
      sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        manifestResponseSchema,
        { tables: TRIP_ANSWER_TABLES, boatIds: boatIdsOfScope(scopeOfRequest(request)) },
        (at) => manifestUntil(at, scopeOfRequest(request), request.params.slotId, adminOf(request)),
      ),
  );

  app.get(
    '/api/crew/trips/:slotId/manifest.csv',
    {
      // The passengers' names and phones as a file that leaves the site: step-up (docs/security.md).
      config: { ...audited('export.manifest_csv', { object: 'slotId' }), ...stepUp() },
      schema: {
        tags,
        security,
        summary: "The manifest as CSV in the operator's language (UTF-8 with BOM, one line per ticket)",
        params: slotIdParams,
        querystring: exportLanguageQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const manifest = await tripManifest(
        ctx,
        scopeOfRequest(request),
        request.params.slotId,
        adminOf(request),
      );
      const day = canaryDateKey(manifest.trip.start);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename=manifest_${day}_${manifest.trip.slotId.slice(-8)}.csv`,
        );
      return `\uFEFF${manifestCsv(manifest, csvLanguage(request.query.lang))}`;
    },
  );

  app.post(
    '/api/crew/checkin',
    {
      config: audited('booking.check_in'),
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
};

export const tripsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/api/admin/trips/:slotId/minimum',
    {
      config: audited('trip.waive_minimum', { object: 'slotId' }),
      schema: {
        tags,
        security,
        summary: 'Waives (or restores) the minimum to depart for one trip',
        params: slotIdParams,
        body: minimumWaiverSchema,
        response: { 200: tripSchema },
      },
    },
    async (request) => waiveMinimum(ctx, scopeOfRequest(request), request.params.slotId, request.body.waived),
  );
};
