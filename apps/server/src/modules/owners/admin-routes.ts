// The platform admin's owner routes (registered in the admin plugin of back-office-routes.ts:
// owners never reach them): owners with their commission and status, a boat's place on the
// public site (publish, suspend) and a boat's history.
import { instantForcedSchema } from '@boats/domain/schemas/request-to-book';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  boatHistoryResponseSchema,
  boatPublishSchema,
  boatStandingSchema,
  boatStandingsResponseSchema,
  boatSuspendSchema,
  ownerListResponseSchema,
  ownerResponseSchema,
  ownerUpdateSchema,
} from '@boats/domain/schemas/owner';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import {
  boatHistoryOf,
  boatStandings,
  getOwner,
  listOwners,
  setBoatListing,
  updateOwnerByAdmin,
} from './admin-owner-service';
import { audited } from '../audit/audit-trail';

const tags = ['owners'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: uuid });

export const adminOwnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/owners',
    {
      schema: {
        tags,
        security,
        summary: 'Every owner (the platform first) with commission, status and boats',
        response: { 200: ownerListResponseSchema },
      },
    },
    async () => ({ items: await listOwners(ctx) }),
  );

  app.get(
    '/api/admin/owners/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One owner',
        params: idParams,
        response: { 200: ownerResponseSchema },
      },
    },
    async (request) => ({ owner: await getOwner(ctx, request.params.id) }),
  );

  app.patch(
    '/api/admin/owners/:id',
    {
      config: audited('owner.update'),
      schema: {
        tags,
        security,
        summary:
          'Corrects an owner, sets their commission (null: the site default) or suspends and reactivates them',
        params: idParams,
        body: ownerUpdateSchema,
        response: { 200: ownerResponseSchema },
      },
    },
    async (request) => ({ owner: await updateOwnerByAdmin(ctx, request.params.id, request.body) }),
  );

  app.get(
    '/api/admin/boat-standings',
    {
      schema: {
        tags,
        security,
        summary: "Every boat's owner and place on the public site (draft, published, suspended)",
        response: { 200: boatStandingsResponseSchema },
      },
    },
    async () => ({ items: await boatStandings(ctx) }),
  );

  app.post(
    '/api/admin/boats/:id/publish',
    {
      config: audited('boat.publish'),
      schema: {
        tags,
        security,
        summary: 'Puts a draft boat on the public site (or back to draft)',
        params: idParams,
        body: boatPublishSchema,
        response: { 200: boatStandingSchema },
      },
    },
    async (request) => setBoatListing(ctx, adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/boats/:id/suspend',
    {
      config: audited('boat.suspend'),
      schema: {
        tags,
        security,
        summary: 'Takes a boat off the public site (its bookings stay and are served), or brings it back',
        params: idParams,
        body: boatSuspendSchema,
        response: { 200: boatStandingSchema },
      },
    },
    async (request) => setBoatListing(ctx, adminOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/boats/:id/instant-forced',
    {
      config: audited('boat.instant_forced'),
      schema: {
        tags,
        security,
        summary:
          "Forces instant booking on a boat whatever its owner chose (or lets the owner's choice apply)",
        params: idParams,
        body: instantForcedSchema,
        response: { 200: boatStandingSchema },
      },
    },
    async (request) => setBoatListing(ctx, adminOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/boats/:id/history',
    {
      schema: {
        tags,
        security,
        summary: "A boat's history: who created, edited, published or suspended it, when, and what changed",
        params: idParams,
        response: { 200: boatHistoryResponseSchema },
      },
    },
    async (request) => ({ items: await boatHistoryOf(ctx, request.params.id) }),
  );
};
