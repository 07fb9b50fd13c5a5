// An owner's notification settings (docs/back-office.md#owners-notifications): GET and PUT
// /api/owner/notifications, the token's owner's own (the admin names the owner with ?ownerId=).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  kindsSwitchedOff,
  ownerNotificationSettingsResponseSchema,
  ownerNotificationSettingsSchema,
  settingsOf,
  type OwnerNotificationSettingsResponse,
} from '@boats/domain/schemas/owner-notifications';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { owners } from '../../db/schema';
import { notFound } from '../../http/errors';
import { audited } from '../audit/audit-trail';
import { ownerIdOf } from '../owners/owner-of-request';

const security = [{ bearer: [] }];
const ownerQuery = z.object({ ownerId: uuid.optional() });

type OwnerRow = typeof owners.$inferSelect;
const toResponse = (row: OwnerRow): OwnerNotificationSettingsResponse => ({
  settings: settingsOf(row.notificationsOff, row.notificationsDigest),
  isPlatform: row.isPlatform,
});

export const ownerNotificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/owner/notifications',
    {
      schema: {
        tags: ['owner'],
        summary: 'Which changes to their bookings the owner is e-mailed about, and whether in a daily digest',
        security,
        querystring: ownerQuery,
        response: { 200: ownerNotificationSettingsResponseSchema },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .select()
        .from(owners)
        .where(eq(owners.id, ownerIdOf(request)));
      if (!row) throw notFound('Owner');
      return toResponse(row);
    },
  );

  app.put(
    '/api/owner/notifications',
    {
      config: audited('owner.notifications', { object: null }),
      schema: {
        tags: ['owner'],
        summary:
          'Sets which changes the owner is e-mailed about, and the daily digest instead of single e-mails',
        security,
        querystring: ownerQuery,
        body: ownerNotificationSettingsSchema,
        response: { 200: ownerNotificationSettingsResponseSchema },
      },
    },
    async (request) => {
      const [row] = await ctx.db
        .update(owners)
        .set({
          notificationsOff: kindsSwitchedOff(request.body),
          notificationsDigest: request.body.digest,
          updatedAt: ctx.now(),
        })
        .where(eq(owners.id, ownerIdOf(request)))
        .returning();
      if (!row) throw notFound('Owner');
      return toResponse(row);
    },
  );
};
