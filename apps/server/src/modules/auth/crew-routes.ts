// The admin or an owner creates a crew account (trips, manifests, check-in only) for their
// boats (registered in the back-office plugin of back-office-routes.ts). The password is
// generated and answered once; an existing account is refused rather than silently changed.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crewCreatedSchema, crewCreateSchema } from '@boats/domain/schemas/auth';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import { hashPassword } from './password';
import { adminOf } from './require-admin';
import { findUserByEmail, upsertUser } from './user-repository';
import { platformOwnerId } from '../owner-scope/platform-owner';

export const crewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/crew',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Creates a crew account with a generated password (shown once)',
        body: crewCreateSchema,
        response: { 200: crewCreatedSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      if (await findUserByEmail(ctx.db, email))
        throw conflict('account_exists', `${email} already has an account`);
      const password = randomBytes(12).toString('base64url');
      await upsertUser(ctx.db, {
        email,
        passwordHash: await hashPassword(password),
        role: 'crew',
        // The admin's crew serve the platform's boats, an owner's crew that owner's.
        ownerId: adminOf(request).ownerId ?? (await platformOwnerId(ctx.db)),
      });
      return { email, role: 'crew' as const, password };
    },
  );
};
