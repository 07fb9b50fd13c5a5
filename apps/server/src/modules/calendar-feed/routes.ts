// The boat's calendar feed: the secret URL for the admin (get, rotate) and the feed itself,
// public but only to whoever holds the URL.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema } from '@boats/domain/schemas/schedule';
import { entityId } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { requireAdmin } from '../auth/require-admin';
import { calendarFeedUrl, renderCalendarFeed } from './calendar-feed-service';

const security = [{ bearer: [] }];
const boatParams = z.object({ id: entityId });

export const calendarFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const onRequest = requireAdmin(ctx);

  app.get(
    '/api/admin/boats/:id/calendar-feed',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        security,
        summary: "The secret URL of the boat's iCal feed (made on first request)",
        params: boatParams,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { url: await calendarFeedUrl(ctx, request.params.id, false) };
    },
  );

  app.post(
    '/api/admin/boats/:id/calendar-feed/rotate',
    {
      onRequest,
      schema: {
        tags: ['admin'],
        security,
        summary: 'A new secret URL; the old one stops working',
        params: boatParams,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => ({ url: await calendarFeedUrl(ctx, request.params.id, true) }),
  );

  app.get(
    '/api/calendar/:boatId/:token/trips.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: "A boat's trips as iCalendar (secret URL)",
        params: z.object({ boatId: entityId, token: z.string().min(1).max(100) }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const body = await renderCalendarFeed(ctx, request.params.boatId, request.params.token);
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex');
      return body;
    },
  );
};
