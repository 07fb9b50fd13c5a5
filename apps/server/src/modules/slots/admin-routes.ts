// Admin slot routes, on the spec's route builders (§7): list a month, create or update
// (`_id` in the body = update), delete. Admins and owners (an owner: their own boats only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSlotDeleteSchema,
  adminSlotDeletedSchema,
  adminSlotSaveSchema,
  adminSlotSchema,
  adminSlotsQuerySchema,
  adminSlotsResponseSchema,
} from '@boats/domain/schemas/admin-slot';
import type { AppContext } from '../../context';
import { adminOf, scopeOfRequest } from '../auth/require-admin';
import { deleteAdminSlot, listAdminSlots, saveAdminSlot } from './admin-slot-service';
import { audited, noteAudit } from '../audit/audit-trail';

const boatParams = z.object({ id: z.string().min(1).max(100) });
const slotParams = boatParams.extend({ slotId: z.string().min(1).max(100) });
const security = [{ bearer: [] }];

export const adminSlotRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/boats/:id/slots',
    {
      schema: {
        tags: ['admin'],
        summary: 'Slots of a boat starting inside [start, end], with seats sold and held',
        security,
        params: boatParams,
        querystring: adminSlotsQuerySchema,
        response: { 200: adminSlotsResponseSchema },
      },
    },
    async (request) => {
      const range = { start: new Date(request.query.start), end: new Date(request.query.end) };
      return { items: await listAdminSlots(ctx, scopeOfRequest(request), request.params.id, range) };
    },
  );

  app.post(
    '/api/boats/slots/:id',
    {
      config: audited('slot.save', { object: null, boat: 'id' }),
      schema: {
        tags: ['admin'],
        summary: 'Creates a slot, or updates the slot named by `_id` (seat price in euros)',
        security,
        params: boatParams,
        body: adminSlotSaveSchema,
        response: { 200: adminSlotSchema },
      },
    },
    async (request) => {
      const slot = await saveAdminSlot(ctx, scopeOfRequest(request), request.params.id, request.body);
      noteAudit({ objectId: slot._id, slotId: slot._id });
      return slot;
    },
  );

  app.delete(
    '/api/admin/boats/:id/slots/:slotId',
    {
      config: audited('slot.delete', { object: 'slotId', boat: 'id' }),
      schema: {
        tags: ['admin'],
        summary: 'Deletes a slot that has no paid bookings, recording the reason',
        security,
        params: slotParams,
        body: adminSlotDeleteSchema,
        response: { 200: adminSlotDeletedSchema },
      },
    },
    async (request) => {
      await deleteAdminSlot(ctx, scopeOfRequest(request), request.params.id, request.params.slotId, {
        reason: request.body.reason,
        actor: adminOf(request).email,
      });
      return { success: true as const, _id: request.params.slotId };
    },
  );
};
