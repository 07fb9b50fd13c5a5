// The boat's calendar feed: the secret URL for the admin (get, rotate) and the feed itself,
// public but only to whoever holds the URL.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema } from '@boats/domain/schemas/schedule';
import { uuid, exportLanguageQuery } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { scopeOfRequest } from '../auth/require-admin';
import { calendarFeedUrl, renderCalendarFeed } from './calendar-feed-service';
import { audited } from '../audit/audit-trail';

const security = [{ bearer: [] }];
const boatParams = z.object({ id: uuid });

/** The secret URL, for the admin or the boat's owner (the back-office plugin of back-office-routes.ts). */
export const calendarFeedAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/boats/:id/calendar-feed',
    {
      // The first read makes the secret URL: that read is a write, and audited as one.
      config: audited('calendar_feed.create', { boat: 'id', whenNoted: true }),
      schema: {
        tags: ['admin'],
        security,
        summary: "The secret URL of the boat's iCal feed (made on first request), in the caller's language",
        params: boatParams,
        querystring: exportLanguageQuery,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => ({
      url: await calendarFeedUrl(ctx, scopeOfRequest(request), request.params.id, false, request.query.lang),
    }),
  );

  app.post(
    '/api/admin/boats/:id/calendar-feed/rotate',
    {
      config: audited('calendar_feed.rotate', { boat: 'id' }),
      schema: {
        tags: ['admin'],
        security,
        summary: 'A new secret URL; the old one stops working',
        params: boatParams,
        querystring: exportLanguageQuery,
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => ({
      url: await calendarFeedUrl(ctx, scopeOfRequest(request), request.params.id, true, request.query.lang),
    }),
  );
};

/** The feed itself: public, but only to whoever holds the secret URL. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/calendar/:boatId/:token/trips.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: "A boat's trips as iCalendar (secret URL)",
        params: z.object({ boatId: uuid, token: z.string().min(1).max(100) }),
        querystring: exportLanguageQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const body = await renderCalendarFeed(
        ctx,
        request.params.boatId,
        request.params.token,
        request.query.lang,
      );
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('x-robots-tag', 'noindex');
      return body;
    },
  );
};
