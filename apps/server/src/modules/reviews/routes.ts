// Reviews over HTTP: the public's (the review link's form, writing and changing one, a boat's
// reviews, the site's rating, "helpful") and the back office's (answer, hide).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  backOfficeReviewSchema,
  backOfficeReviewsResponseSchema,
  boatReviewsQuerySchema,
  boatReviewsResponseSchema,
  reviewFormQuerySchema,
  reviewFormResponseSchema,
  reviewHideRequestSchema,
  reviewReplyRequestSchema,
  reviewSubmitSchema,
  reviewSummarySchema,
} from '@boats/domain/schemas/review';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { clientKey } from '../../http/client-key';
import { invalidField } from '../../http/errors';
import { adminOf, scopeOfRequest } from '../auth/require-admin';
import {
  backOfficeReviews,
  boatReviews,
  changeReview,
  hideReview,
  markHelpful,
  replyToReview,
  reviewForm,
  siteRating,
  submitReview,
} from './review-service';
import { audited } from '../audit/audit-trail';

/** Per client IP: a customer who retries a few times, not a script. */
const WRITE_LIMIT = { max: 20, timeWindow: 10 * 60 * 1000 } as const;
/** "Helpful" from one address: a reader's taps, not a campaign. */
const HELPFUL_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const;

/**
 * The reader's device for "helpful": one vote per review per device (issue 42). A random id in a
 * cookie of its own, set on the first vote. A client that never returns the cookie is still one
 * voter: its address counts too (helpfulAddress).
 */
const HELPFUL_DEVICE_COOKIE = 'helpful_device';
const HELPFUL_DEVICE_DAYS = 365;
const deviceIdShape = /^[A-Za-z0-9_-]{22}$/;

function helpfulDevice(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  const known = request.cookies[HELPFUL_DEVICE_COOKIE];
  if (known && deviceIdShape.test(known)) return known;
  const deviceId = randomBytes(16).toString('base64url');
  reply.setCookie(HELPFUL_DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: '/api/reviews',
    maxAge: HELPFUL_DEVICE_DAYS * 86_400,
  });
  return deviceId;
}

/**
 * The reader's address for "helpful" (issue 53): one vote per review per client address (an IPv4
 * address, an IPv6 /64: http/client-key.ts), kept as an HMAC with the server's secret so the
 * table never holds an address. Prefixed, so it never equals a device id.
 */
function helpfulAddress(ctx: AppContext, request: FastifyRequest): string {
  const mac = createHmac('sha256', ctx.config.jwtSecret).update(`helpful-address|${clientKey(request)}`);
  return `ip:${mac.digest('base64url')}`;
}

const errorBody = z.object({ error: z.string(), message: z.string() });
const security = [{ bearer: [] }];

export const publicReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/reviews/form',
    {
      config: { rateLimit: WRITE_LIMIT },
      schema: {
        tags: ['reviews'],
        summary: 'What the review link opens: the trip, and the review once written (signed link, 30 days)',
        querystring: reviewFormQuerySchema,
        response: { 200: reviewFormResponseSchema, 403: errorBody, 409: errorBody, 410: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reviewForm(ctx, request.query.booking, request.query.token);
    },
  );

  app.post(
    '/api/reviews',
    {
      config: { rateLimit: WRITE_LIMIT },
      schema: {
        tags: ['reviews'],
        summary: 'Reviews a completed booking once (409 when not completed or already reviewed)',
        body: reviewSubmitSchema,
        response: { 201: reviewFormResponseSchema, 403: errorBody, 409: errorBody, 410: errorBody },
      },
    },
    async (request, reply) => {
      const { bookingId, token, ...content } = request.body;
      const answer = await submitReview(ctx, bookingId, token, content);
      return reply.code(201).send(answer);
    },
  );

  app.put(
    '/api/reviews/:bookingId',
    {
      config: { rateLimit: WRITE_LIMIT },
      schema: {
        tags: ['reviews'],
        summary: 'Changes the booking’s review, within 48 hours of first sending it',
        params: z.object({ bookingId: uuid }),
        body: reviewSubmitSchema,
        response: {
          200: reviewFormResponseSchema,
          400: errorBody,
          403: errorBody,
          409: errorBody,
          410: errorBody,
        },
      },
    },
    async (request) => {
      const { bookingId, token, ...content } = request.body;
      if (bookingId !== request.params.bookingId) {
        throw invalidField('body.bookingId', 'booking_mismatch', 'The booking differs from the address.');
      }
      return changeReview(ctx, bookingId, token, content);
    },
  );

  app.get(
    '/api/boats/:boatId/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'A boat’s published reviews: the visitor’s language first, then the latest or most helpful',
        params: z.object({ boatId: uuid }),
        querystring: boatReviewsQuerySchema,
        response: { 200: boatReviewsResponseSchema },
      },
    },
    async (request) => boatReviews(ctx.db, request.params.boatId, request.query.lng, request.query.order),
  );

  app.get(
    '/api/reviews/summary',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The site’s rating: the average and count of every published review',
        response: { 200: reviewSummarySchema },
      },
    },
    async () => ({ rating: await siteRating(ctx.db) }),
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      config: { rateLimit: HELPFUL_LIMIT },
      schema: {
        tags: ['reviews'],
        summary:
          'A reader found a review helpful: counted once per device (a cookie) and per client address, rate-limited per IP',
        params: z.object({ id: uuid }),
        response: { 204: z.null(), 429: errorBody },
      },
    },
    async (request, reply) => {
      await markHelpful(ctx.db, request.params.id, {
        device: helpfulDevice(ctx, request, reply),
        address: helpfulAddress(ctx, request),
      });
      return reply.code(204).send(null);
    },
  );
};

/** Owners (their boats) and the admin (every boat): read and answer. */
export const ownerReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags: ['admin reviews'],
        security,
        summary: 'Reviews of the caller’s boats (every boat for the admin), hidden ones included',
        response: { 200: backOfficeReviewsResponseSchema },
      },
    },
    async (request) => ({ items: await backOfficeReviews(ctx.db, scopeOfRequest(request)) }),
  );

  app.post(
    '/api/admin/reviews/:id/reply',
    {
      config: audited('review.reply'),
      schema: {
        tags: ['admin reviews'],
        security,
        summary: 'The boat owner’s one public answer (409 when answered already)',
        params: z.object({ id: uuid }),
        body: reviewReplyRequestSchema,
        response: { 200: backOfficeReviewSchema },
      },
    },
    async (request) =>
      replyToReview(ctx, scopeOfRequest(request), request.params.id, request.body, adminOf(request).email),
  );
};

/** The admin only: hide a review, with the reason recorded. */
export const adminReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/reviews/:id/hide',
    {
      config: audited('review.hide'),
      schema: {
        tags: ['admin reviews'],
        security,
        summary: 'Hides a review from the public, with the reason (abuse, personal data) recorded',
        params: z.object({ id: uuid }),
        body: reviewHideRequestSchema,
        response: { 200: backOfficeReviewSchema },
      },
    },
    async (request) =>
      hideReview(ctx, scopeOfRequest(request), request.params.id, request.body, adminOf(request).email),
  );
};
