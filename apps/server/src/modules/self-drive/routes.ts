// The handover of a self-drive booking (docs/decisions/0039): the skipper's licence, the boat's
// condition out and back (condition-routes.ts), the rental agreement (agreement-routes.ts), and
// the private photos behind them. selfDriveCustomerRoutes (public, app.ts): the booking's customer with
// its manage token. selfDriveStaffRoutes (staff plugin of back-office-routes.ts): admins, the
// boat's owner and their crew, scoped like the manifest.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_FIELD } from '@boats/domain/schemas/photo';
import { manageTokenQuerySchema } from '@boats/domain/schemas/manage-booking';
import { uuid } from '@boats/domain/schemas/common';
import {
  bookingLicenceSchema,
  crewLicenceInputSchema,
  customerLicenceRequestSchema,
  evidencePhotoUploadSchema,
  licenceConfirmSchema,
  licenceRefusalSchema,
} from '@boats/domain/schemas/self-drive';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import { notFound } from '../../http/errors';
import { adminOf } from '../auth/require-admin';
import { audited } from '../audit/audit-trail';
import { bookingForToken } from '../manage-booking/manage-service';
import { evidencePhotoOfFile, evidencePhotos } from '../media/evidence-photos';
import { evidenceUploadHandler } from '../media/routes';
import { agreementCustomerRoutes, agreementStaffRoutes } from './agreement-routes';
import { conditionCustomerRoutes, conditionStaffRoutes } from './condition-routes';
import { bookingHasPhoto } from './licence-repository';
import {
  bookingLicence,
  confirmLicence,
  recordLicence,
  refuseDeparture,
  staffBooking,
} from './licence-service';

const bookingParams = z.object({ id: uuid });
const photoParams = z.object({ id: uuid, file: z.string().max(100) });
/** A person typing a licence and sending its photo: a few tries, never more. */
const CUSTOMER_WRITE_RATE_LIMIT = { max: 20, timeWindow: 10 * 60 * 1000 } as const;

export const selfDriveCustomerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every answer names the customer's skipper or shows their document.
  app.addHook('onSend', noStore);
  const photos = await evidencePhotos(ctx);
  const upload = await evidenceUploadHandler(app, ctx);
  const tags = ['booking'];

  app.get(
    '/api/bookings/:id/self-drive/licence',
    {
      schema: {
        tags,
        summary: 'What licence the boat requires and the skipper’s licence recorded (manage token)',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        response: { 200: bookingLicenceSchema },
      },
    },
    async (request) =>
      bookingLicence(ctx, await bookingForToken(ctx, request.params.id, request.query.token), false),
  );

  app.post(
    '/api/bookings/:id/self-drive/photos',
    {
      config: { rateLimit: CUSTOMER_WRITE_RATE_LIMIT },
      schema: {
        tags,
        summary: `Uploads a photo of the skipper’s licence (multipart field "${PHOTO_FIELD}"; manage token); private to the booking`,
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 200: evidencePhotoUploadSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      return { photo: await upload(request) };
    },
  );

  app.put(
    '/api/bookings/:id/self-drive/licence',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: CUSTOMER_WRITE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'The customer records the skipper’s licence before departure (manage token)',
        description:
          'Until crew check it at the harbour it may be typed again. 400 licence_not_enough when the type does not cover the boat’s requirement; 409 licence_not_required, licence_closed (checked, or the booking not upcoming).',
        params: bookingParams,
        body: customerLicenceRequestSchema,
        response: { 200: bookingLicenceSchema },
      },
    },
    async (request) => {
      const { token, ...licence } = request.body;
      await bookingForToken(ctx, request.params.id, token);
      await recordLicence(ctx, photos, request.params.id, licence, { kind: 'customer' });
      return bookingLicence(ctx, await bookingForToken(ctx, request.params.id, token), false);
    },
  );

  conditionCustomerRoutes(app, ctx);
  agreementCustomerRoutes(app, ctx);

  app.get(
    '/api/bookings/:id/self-drive/photos/:file',
    {
      schema: {
        hide: true,
        params: photoParams,
        querystring: manageTokenQuerySchema,
      },
    },
    async (request, reply) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      const photo = evidencePhotoOfFile(request.params.file);
      if (!photo || !(await bookingHasPhoto(ctx.db, request.params.id, photo))) throw notFound('Photo');
      return photos.send(reply, request.params.file);
    },
  );
};

export const selfDriveStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const photos = await evidencePhotos(ctx);
  const upload = await evidenceUploadHandler(app, ctx);
  const tags = ['trips'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/crew/bookings/:id/self-drive/licence',
    {
      schema: {
        tags,
        security,
        summary: 'A self-drive booking’s required licence and the skipper’s licence recorded',
        params: bookingParams,
        response: { 200: bookingLicenceSchema },
      },
    },
    async (request) =>
      bookingLicence(ctx, await staffBooking(ctx, adminOf(request), request.params.id), true),
  );

  app.post(
    '/api/crew/bookings/:id/self-drive/photos',
    {
      config: audited('booking.evidence_photo'),
      schema: {
        tags,
        security,
        summary: `Uploads a private photo for the booking (multipart field "${PHOTO_FIELD}"): a licence, the boat's condition`,
        params: bookingParams,
        consumes: ['multipart/form-data'],
        response: { 200: evidencePhotoUploadSchema },
      },
    },
    async (request) => {
      await staffBooking(ctx, adminOf(request), request.params.id);
      return { photo: await upload(request) };
    },
  );

  app.put(
    '/api/crew/bookings/:id/self-drive/licence',
    {
      config: audited('booking.licence_record'),
      schema: {
        tags,
        security,
        summary: 'Crew record the skipper’s licence at the harbour',
        description:
          'Photo uploaded first (POST …/self-drive/photos). `recordedAt` is the phone’s time (typed without signal and sent later, within 36 hours; 400 licence_too_old beyond). The same record sent again is taken once. 409 licence_closed (checked or refused, the booking not upcoming), licence_changed (another licence recorded after this one), licence_not_required; 400 licence_not_enough.',
        params: bookingParams,
        body: crewLicenceInputSchema,
        response: { 200: bookingLicenceSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      await staffBooking(ctx, user, request.params.id);
      await recordLicence(ctx, photos, request.params.id, request.body, { kind: 'crew', user });
      return bookingLicence(ctx, await staffBooking(ctx, user, request.params.id), true);
    },
  );

  app.post(
    '/api/crew/bookings/:id/self-drive/licence/confirm',
    {
      config: audited('booking.licence_confirm'),
      schema: {
        tags,
        security,
        summary: 'Crew confirm the recorded licence against the document',
        description:
          'Body optional. `checkedAt`: the phone’s time (confirmed without signal, sent within 36 hours; 400 licence_too_old beyond); sent again, taken once. `licenceRecordedAt`: the record crew held the document against; another recorded since is 409 licence_changed. 409 licence_not_recorded (nothing recorded, already checked, the booking not upcoming).',
        params: bookingParams,
        body: licenceConfirmSchema.nullish(),
        response: { 200: bookingLicenceSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      await confirmLicence(ctx, user, request.params.id, request.body ?? {});
      return bookingLicence(ctx, await staffBooking(ctx, user, request.params.id), true);
    },
  );

  app.post(
    '/api/crew/bookings/:id/self-drive/licence/refuse',
    {
      config: audited('booking.licence_refuse'),
      schema: {
        tags,
        security,
        summary:
          'Crew refuse the departure for the skipper’s licence: the booking is canceled, nothing refunded',
        params: bookingParams,
        body: licenceRefusalSchema,
        response: { 200: bookingLicenceSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      await refuseDeparture(ctx, user, request.params.id, request.body.reason);
      return bookingLicence(ctx, await staffBooking(ctx, user, request.params.id), true);
    },
  );

  conditionStaffRoutes(app, ctx, photos);
  agreementStaffRoutes(app, ctx);

  app.get(
    '/api/crew/bookings/:id/self-drive/photos/:file',
    { schema: { hide: true, security, params: photoParams } },
    async (request, reply) => {
      await staffBooking(ctx, adminOf(request), request.params.id);
      const photo = evidencePhotoOfFile(request.params.file);
      if (!photo || !(await bookingHasPhoto(ctx.db, request.params.id, photo))) throw notFound('Photo');
      return photos.send(reply, request.params.file);
    },
  );
};
