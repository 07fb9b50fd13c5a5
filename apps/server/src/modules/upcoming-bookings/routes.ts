// Suspending an owner and pausing a boat with the bookings ahead decided (upcoming-service.ts).
// The owner's two routes are the platform admin's (adminUpcomingRoutes, the admin-only plugin);
// a boat's answer its owner too (boatUpcomingRoutes, scoped to their boats).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminBoatSchema } from '@boats/domain/schemas/boat';
import { uuid } from '@boats/domain/schemas/common';
import { ownerSchema } from '@boats/domain/schemas/owner';
import {
  upcomingBookingsResponseSchema,
  upcomingDecisionSchema,
  upcomingOutcomeSchema,
  suspensionSchema,
} from '@boats/domain/schemas/upcoming-bookings';
import type { AppContext } from '../../context';
import { audited } from '../audit/audit-trail';
import { adminOf } from '../auth/require-admin';
import { pauseBoat, suspendOwner, upcomingBookings } from './upcoming-service';

const security = [{ bearer: [] }];
const idParams = z.object({ id: uuid });

export const adminUpcomingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/owners/:id/upcoming-bookings',
    {
      schema: {
        tags: ['owners'],
        security,
        summary:
          "The owner's paid bookings whose trip is still ahead, soonest first (what suspending them leaves)",
        params: idParams,
        response: { 200: upcomingBookingsResponseSchema },
      },
    },
    async (request) => upcomingBookings(ctx, adminOf(request), { ownerId: request.params.id }),
  );

  app.post(
    '/api/admin/owners/:id/suspend',
    {
      config: audited('owner.suspend'),
      schema: {
        tags: ['owners'],
        security,
        summary:
          'Suspends an owner; their paid bookings ahead are served, or canceled and refunded in full (upcoming)',
        params: idParams,
        body: suspensionSchema,
        response: { 200: z.object({ owner: ownerSchema, outcome: upcomingOutcomeSchema }) },
      },
    },
    async (request) => suspendOwner(ctx, adminOf(request), request.params.id, request.body),
  );
};

export const boatUpcomingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/boats/:id/upcoming-bookings',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "The boat's paid bookings whose trip is still ahead, soonest first (what pausing it leaves)",
        params: idParams,
        response: { 200: upcomingBookingsResponseSchema },
      },
    },
    async (request) => upcomingBookings(ctx, adminOf(request), { boatId: request.params.id }),
  );

  app.post(
    '/api/admin/boats/:id/pause',
    {
      config: audited('boat.pause'),
      schema: {
        tags: ['admin'],
        security,
        summary:
          "Pauses a boat's listing (its owner or the platform); its paid bookings ahead are served, or canceled and refunded in full (upcoming)",
        params: idParams,
        body: upcomingDecisionSchema,
        response: { 200: z.object({ boat: adminBoatSchema, outcome: upcomingOutcomeSchema }) },
      },
    },
    async (request) => pauseBoat(ctx, adminOf(request), request.params.id, request.body.upcoming),
  );
};
