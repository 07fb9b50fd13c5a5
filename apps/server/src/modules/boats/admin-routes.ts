// Back-office boat routes. Paths follow the spec's route builders (§7): list and create under
// /api/admin/boats, update at /api/boats/update/{id}. Admins and owners (registered in the
// back-office plugin of back-office-routes.ts); an owner's calls see only their own boats.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boatArchiveSchema,
  boatInputSchema,
  boatResponseSchema,
  adminBoatsListResponseSchema,
} from '@boats/domain/schemas/boat';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import {
  createBoat,
  getBoatForAdmin,
  listBoatsForAdmin,
  setBoatArchived,
  updateBoatFromAdmin,
} from './admin-boat-service';
import { audited, noteAudit } from '../audit/audit-trail';

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
        summary: 'One boat for the editor',
        security,
        params: idParams,
        response: { 200: boatResponseSchema },
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
        response: { 200: boatResponseSchema },
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
        response: { 200: boatResponseSchema },
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
        response: { 200: boatResponseSchema },
      },
    },
    async (request) => ({
      boat: await setBoatArchived(ctx, adminOf(request), request.params.id, request.body.archived),
    }),
  );
};
