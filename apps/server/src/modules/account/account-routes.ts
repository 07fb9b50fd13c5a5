// /api/account: what every back-office account does to itself (docs/security.md#sessions): its
// signed-in devices (list, sign one or all others out), its password and sign-in address (with
// step-up). Registered in a guarded plugin (src/back-office-routes.ts), so each call is the
// bearer's own account and each write lands in the audit trail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionDevicesSchema, sessionsSignedOutSchema } from '@boats/domain/schemas/auth';
import {
  changeEmailResponseSchema,
  changeEmailSchema,
  changePasswordSchema,
  successResponseSchema,
} from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { audited } from '../audit/audit-trail';
import { changeOwnEmail, changeOwnPassword } from './account-service';
import { adminOf } from '../auth/require-admin';
import { requireRecentSecondFactor } from '../auth/second-factor';
import { listSessions, revokeOtherSessions, revokeSessionOf } from '../auth/session-devices';

const security = [{ bearer: [] }];

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in account's devices: browser, approximate place, last seen",
        security,
        response: { 200: sessionDevicesSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      const sessions = await listSessions(ctx.db, user.id, ctx.now());
      return {
        sessions: sessions.map((session) => ({
          ...session,
          signedInAt: session.signedInAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          current: session.id === user.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      config: audited('account.sign_out_device'),
      schema: {
        tags: ['account'],
        summary: "Signs one of the account's devices out: its tokens stop working at once",
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      if (!(await revokeSessionOf(ctx.db, user.id, request.params.id, ctx.now())))
        throw notFound('Signed-in device');
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/sessions/sign-out-others',
    {
      config: audited('account.sign_out_others', { object: null }),
      schema: {
        tags: ['account'],
        summary: 'Signs out every device of the account but this one; answers how many',
        security,
        response: { 200: sessionsSignedOutSchema },
      },
    },
    async (request) => {
      const user = adminOf(request);
      return { signedOut: await revokeOtherSessions(ctx.db, user.id, user.sessionId, ctx.now()) };
    },
  );

  app.post(
    '/api/account/password',
    {
      config: audited('account.password_change', { object: null }),
      schema: {
        tags: ['account'],
        summary: 'Changes the own password (current password and step-up); other devices are signed out',
        security,
        body: changePasswordSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await requireRecentSecondFactor(ctx, request);
      await changeOwnPassword(ctx, adminOf(request), request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/email',
    {
      config: audited('account.email_change', { object: null }),
      schema: {
        tags: ['account'],
        summary: 'Changes the own sign-in address (current password and step-up); the old address is told',
        security,
        body: changeEmailSchema,
        response: { 200: changeEmailResponseSchema },
      },
    },
    async (request) => {
      await requireRecentSecondFactor(ctx, request);
      return { email: await changeOwnEmail(ctx, adminOf(request), request.body) };
    },
  );
};
