// Boat photo upload (admin) and the serving of uploaded photos (public). An upload is checked
// by its content, resized to the site's four variants and stored; its URL names the 960 px
// WebP, beside which the browser finds the other sizes and formats.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_FIELD, photoUploadResponseSchema } from '@boats/domain/schemas/photo';
import type { AppContext } from '../../context';
import { DomainError, invalidField } from '../../http/errors';
import { createPhotoStorage } from './photo-storage';
import { photoVariants, type PhotoFit } from './photo-variants';
import { EVIDENCE_PREFIX } from '@boats/domain/evidence-photos';
import { audited } from '../audit/audit-trail';

const UPLOADED_NAME_RE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(480|960)\.(avif|webp)$/;

/**
 * The one upload check, for every route that takes a photo: multipart with the photo in its
 * field, at most UPLOAD_MAX_MB, decoded as a picture (photoVariants refuses anything else), stored
 * in the site's four variants. Registers multipart in the caller's (encapsulated) plugin and
 * answers the handler.
 */
export async function photoUploadHandler(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<(request: FastifyRequest) => Promise<{ url: string }>> {
  const upload = await uploadHandler(app, ctx, { fit: 'cover', prefix: '' });
  return async (request) => ({ url: `/media/uploads/${await upload(request)}-960.webp` });
}

/**
 * photoUploadHandler for a private photo (evidence: a skipper's licence, a boat's condition):
 * the same check and variants, not cropped, stored under a name /media/uploads never serves
 * (domain EVIDENCE_PHOTO_PATTERN). Answers the stored name; only the routes that know whose it is
 * serve it (media/evidence-photos.ts).
 */
export async function evidenceUploadHandler(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<(request: FastifyRequest) => Promise<string>> {
  return uploadHandler(app, ctx, { fit: 'inside', prefix: EVIDENCE_PREFIX });
}

/** The upload check itself; answers the stored photo's name (`prefix` + a random uuid). */
async function uploadHandler(
  app: FastifyInstance,
  ctx: AppContext,
  { fit, prefix }: { fit: PhotoFit; prefix: string },
): Promise<(request: FastifyRequest) => Promise<string>> {
  const storage = await createPhotoStorage(ctx.config);
  const maxBytes = Math.round(ctx.config.UPLOAD_MAX_MB * 1024 * 1024);
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });

  const tooLarge = () =>
    new DomainError(
      413,
      'photo_too_large',
      `The photo is larger than ${ctx.config.UPLOAD_MAX_MB} MB.`,
      { maxMb: ctx.config.UPLOAD_MAX_MB },
      [{ path: PHOTO_FIELD, message: `at most ${ctx.config.UPLOAD_MAX_MB} MB` }],
    );

  return async (request) => {
    if (!request.isMultipart())
      throw invalidField(PHOTO_FIELD, 'photo_missing', 'Send the photo as multipart/form-data.');
    let input: Buffer;
    try {
      const part = await request.file();
      if (!part || part.fieldname !== PHOTO_FIELD)
        throw invalidField(PHOTO_FIELD, 'photo_missing', `Send the photo in the "${PHOTO_FIELD}" field.`);
      input = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (err instanceof DomainError || request.raw.aborted) throw err;
      // The multipart parser's own errors ("Boundary not found", "Unexpected end of form",
      // "Malformed part header") are about the body the client sent: a 400, never a 500.
      throw invalidField(
        PHOTO_FIELD,
        'invalid_multipart',
        `The upload is not a complete multipart/form-data body (${(err as Error).message}). Send the photo again.`,
      );
    }
    if (input.length === 0) throw invalidField(PHOTO_FIELD, 'photo_missing', 'The photo file is empty.');

    const variants = await photoVariants(input, fit);
    const id = `${prefix}${randomUUID()}`;
    await Promise.all(
      variants.map((v) => storage.put(`${id}-${v.width}.${v.format}`, v.body, `image/${v.format}`)),
    );
    return id;
  };
}

/** POST /api/admin/photos, registered inside the admin plugin (its guard applies). */
export const adminPhotoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const upload = await photoUploadHandler(app, ctx);
  app.post(
    '/api/admin/photos',
    {
      config: audited('photo.upload'),
      schema: {
        tags: ['admin'],
        summary: `Uploads one boat photo (multipart field "${PHOTO_FIELD}"); answers its URL`,
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: photoUploadResponseSchema },
      },
    },
    upload,
  );
};

/** GET /media/uploads/{name}: the uploaded photos, for everyone. */
export const publicMediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const storage = await createPhotoStorage(ctx.config);
  app.get(
    '/media/uploads/:name',
    {
      schema: { hide: true, params: z.object({ name: z.string().max(100) }) },
    },
    async (request, reply) => {
      const match = UPLOADED_NAME_RE.exec(request.params.name);
      const stored = match ? await storage.get(request.params.name) : undefined;
      if (!match || !stored)
        return reply.status(404).send({ error: 'not_found', message: 'Photo not found' });
      // Names are random and never reused, so a photo can be cached for good.
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(`image/${match[2]}`);
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply.send(stored.body);
    },
  );
};
