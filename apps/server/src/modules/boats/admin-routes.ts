// Back-office boat routes. Paths follow the spec's route builders (§7): list and create under
// /api/admin/boats, update at /api/boats/update/{id}. Admins and owners (registered in the
// back-office plugin of back-office-routes.ts); an owner's calls see only their own boats.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBoatResponseSchema,
  adminBoatsListResponseSchema,
  boatArchiveSchema,
  boatCommissionBearerSchema,
  boatInputSchema,
  boatResellersSchema,
  listingChangeSchema,
} from '@boats/domain/schemas/boat';
import { boatHistoryResponseSchema } from '@boats/domain/schemas/owner';
import { instantForcedSchema } from '@boats/domain/schemas/request-to-book';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import {
  createBoat,
  getBoatForAdmin,
  listBoatsForAdmin,
  setResellersAllowed,
  updateBoatFromAdmin,
} from './admin-boat-service';
import { changeListing } from './listing-service';
import { boatHistoryOf, setCommissionBearer, setInstantForced } from './platform-boat-service';
import { audited, noteAudit } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';

const idParams = z.object({ id: z.string().min(1).max(100) });
const security = [{ bearer: [] }];

export const adminBoatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/boats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every boat of the caller (an owner: their own), active or not, with its upcoming bookings',
        security,
        response: { 200: adminBoatsListResponseSchema },
      },
    },
    async (request) => {
      return { items: await listBoatsForAdmin(ctx, adminOf(request)) };
    },
  );

  app.get(
    '/api/admin/boats/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One boat for the editor, with its listing and what it still needs before a review',
        security,
        params: idParams,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => {
      return { boat: await getBoatForAdmin(ctx, adminOf(request), request.params.id) };
    },
  );

  app.post(
    '/api/admin/boats',
    {
      config: audited('boat.create'),
      schema: {
        tags: ['admin'],
        summary: 'Creates a boat (prices in euros)',
        security,
        body: boatInputSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => {
      const boat = await createBoat(ctx, adminOf(request), request.body);
      noteAudit({ objectId: boat._id });
      return { boat };
    },
  );

  app.post(
    '/api/boats/update/:id',
    {
      config: audited('boat.update'),
      schema: {
        tags: ['admin'],
        summary: 'Replaces a boat with the submitted form (prices in euros)',
        security,
        params: idParams,
        body: boatInputSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => ({
      boat: await updateBoatFromAdmin(ctx, adminOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/admin/boats/:id/archive',
    {
      config: audited('boat.archive'),
      schema: {
        tags: ['admin'],
        summary: 'Archives a boat (hidden from the public, bookings kept) or brings it back',
        security,
        params: idParams,
        body: boatArchiveSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => ({
      boat: await changeListing(
        ctx,
        adminOf(request),
        request.params.id,
        request.body.archived ? 'archive' : 'restore',
      ),
    }),
  );

  app.post(
    '/api/admin/boats/:id/listing',
    {
      config: audited('boat.listing'),
      schema: {
        tags: ['admin'],
        summary:
          "One step of the boat's listing (submit, withdraw, send_back, approve, pause, resume, suspend, reinstate, archive, restore): send_back may carry a note to the owner; approve and send_back e-mail the owner; 403 listing_forbidden for a step of the other party, 409 listing_transition from a state it does not start from, 409 listing_incomplete naming what is missing",
        security,
        params: idParams,
        body: listingChangeSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => ({
      boat: await changeListing(
        ctx,
        adminOf(request),
        request.params.id,
        request.body.action,
        request.body.note,
      ),
    }),
  );

  app.post(
    '/api/admin/boats/:id/resellers',
    {
      config: audited('boat.resellers'),
      schema: {
        tags: ['admin'],
        summary:
          'Opts the boat in or out of resellers (the OCTO API): out, it is no product and cannot be reserved',
        security,
        params: idParams,
        body: boatResellersSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => ({
      boat: await setResellersAllowed(
        ctx,
        adminOf(request),
        request.params.id,
        request.body.resellersAllowed,
      ),
    }),
  );
};

/** The platform admin's own routes on any boat (the admin-only plugin of back-office-routes.ts). */
export const platformBoatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/boats/:id/instant-forced',
    {
      config: audited('boat.instant_forced'),
      schema: {
        tags: ['admin'],
        security,
        summary:
          "Forces instant booking on a boat whatever its owner chose (or lets the owner's choice apply)",
        params: idParams,
        body: instantForcedSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => ({
      boat: await setInstantForced(ctx, adminOf(request), request.params.id, request.body.instantForced),
    }),
  );

  app.get(
    '/api/admin/boats/:id/history',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: "A boat's history: who created, edited, published or suspended it, when, and what changed",
        params: idParams,
        response: { 200: boatHistoryResponseSchema },
      },
    },
    async (request) => ({ items: await boatHistoryOf(ctx, request.params.id) }),
  );

  app.post(
    '/api/admin/boats/:id/reseller-commission',
    {
      // Moves every future reseller sale's money, like an owner's commission: step-up.
      config: { ...audited('boat.reseller_commission'), ...stepUp() },
      schema: {
        tags: ['admin'],
        security,
        summary:
          "Who gives up a reseller's commission on the boat's sales: in proportion, the platform's fee or the owner's share",
        params: idParams,
        body: boatCommissionBearerSchema,
        response: { 200: adminBoatResponseSchema },
      },
    },
    async (request) => ({
      boat: await setCommissionBearer(ctx, request.params.id, request.body.resellerCommissionBearer),
    }),
  );
};
