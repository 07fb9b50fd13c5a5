// "List your boat" (docs/back-office.md#owner-applications): the public form's two calls, and the
// platform admin's list, approval and decline (registered in the admin plugin of
// back-office-routes.ts, whose guard applies).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declineApplicationSchema,
  ownerApplicationCreatedSchema,
  ownerApplicationInputSchema,
  ownerApplicationListQuerySchema,
  ownerApplicationListSchema,
  ownerApplicationResponseSchema,
} from '@boats/domain/schemas/owner-application';
import { PHOTO_FIELD, photoUploadResponseSchema } from '@boats/domain/schemas/photo';
import type { AppContext } from '../../context';
import { adminOf } from '../auth/require-admin';
import { photoUploadHandler } from '../media/routes';
import { CONTACT_RATE_LIMIT } from '../messages/public-routes';
import {
  approveApplication,
  declineApplication,
  getApplicationForAdmin,
  listApplicationsForAdmin,
  submitApplication,
} from './application-service';
import { audited } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';

/** Per client IP: a few applications' photos, too few to use the site as free image hosting. */
const APPLICATION_PHOTO_RATE_LIMIT = { max: 12, timeWindow: 10 * 60 * 1000 } as const;

const errorBody = z.object({ error: z.string(), message: z.string() });
const idParams = z.object({ id: z.string().max(100) });

export const publicOwnerApplicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/owner-applications',
    {
      // Rate-limited like the contact form: enough for a person who retries, too few for a spammer.
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['owners'],
        summary: 'An application to list a boat (rate-limited per IP: 5 per 10 minutes)',
        body: ownerApplicationInputSchema,
        response: { 201: ownerApplicationCreatedSchema, 429: errorBody },
      },
    },
    async (request, reply) => {
      const created = await submitApplication(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return reply.status(201).send(created);
    },
  );

  // The photos travel one by one before the form is sent, through the same checks as the boat
  // editor's (content, size, variants); the application then names their URLs.
  await app.register(async (photos) => {
    const upload = await photoUploadHandler(photos, ctx);
    photos.post(
      '/api/owner-applications/photos',
      {
        config: { rateLimit: APPLICATION_PHOTO_RATE_LIMIT },
        schema: {
          tags: ['owners'],
          summary: `A photo for an application (multipart field "${PHOTO_FIELD}"; 12 per 10 minutes per IP)`,
          consumes: ['multipart/form-data'],
          response: { 200: photoUploadResponseSchema, 429: errorBody },
        },
      },
      upload,
    );
  });
};

export const adminOwnerApplicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/admin/owner-applications',
    {
      schema: {
        tags: ['admin'],
        summary: 'Applications to list a boat, newest first',
        security: [{ bearer: [] }],
        querystring: ownerApplicationListQuerySchema,
        response: { 200: ownerApplicationListSchema },
      },
    },
    async (request) => ({ items: await listApplicationsForAdmin(ctx, request.query.status) }),
  );

  app.get(
    '/api/admin/owner-applications/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One application',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ownerApplicationResponseSchema },
      },
    },
    async (request) => ({ application: await getApplicationForAdmin(ctx, request.params.id) }),
  );

  app.post(
    '/api/admin/owner-applications/:id/approve',
    {
      // Makes an owner account with the back office's powers: step-up.
      config: { ...audited('owner_application.approve'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Approves: makes the owner, their first boat (a draft) and their account; e-mails a one-time set-password link',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ownerApplicationResponseSchema },
      },
    },
    async (request) => ({
      application: await approveApplication(ctx, request.params.id, adminOf(request).id),
    }),
  );

  app.post(
    '/api/admin/owner-applications/:id/decline',
    {
      config: audited('owner_application.decline'),
      schema: {
        tags: ['admin'],
        summary: "Declines with a reason, e-mailed in the applicant's language",
        security: [{ bearer: [] }],
        params: idParams,
        body: declineApplicationSchema,
        response: { 200: ownerApplicationResponseSchema },
      },
    },
    async (request) => ({
      application: await declineApplication(ctx, request.params.id, adminOf(request).id, request.body.reason),
    }),
  );
};
