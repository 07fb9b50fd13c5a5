// /api/account: what every back-office account does to itself (docs/security.md#sessions): its
// signed-in devices (list, sign one or all others out), its password and sign-in address, its
// passkeys (add, list, remove; adding and removing with step-up), its authenticator app (removed,
// new recovery codes; with step-up). Registered in a guarded plugin (src/back-office-routes.ts), so each call is the
// bearer's own account and each write lands in the audit trail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeysSchema,
  recoveryCodesResponseSchema,
  sessionDevicesSchema,
  sessionsSignedOutSchema,
} from '@boats/domain/schemas/auth';
import {
  changeEmailResponseSchema,
  changeEmailSchema,
  changePasswordSchema,
  successResponseSchema,
} from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { audited, noteAudit } from '../audit/audit-trail';
import { changeOwnEmail, changeOwnPassword } from './account-service';
import { adminOf } from '../auth/require-admin';
import {
  addPasskey,
  passkeysOf,
  registrationOptions,
  removePasskey,
  type PasskeyRow,
} from '../auth/passkeys';
import {
  hasTotp,
  removeAuthenticator,
  replaceRecoveryCodes,
  secondFactorRequired,
} from '../auth/second-factor';
import { stepUp } from '../auth/step-up';
import { findUserById, type UserRow } from '../auth/user-repository';
import { listSessions, revokeOtherSessions, revokeSessionOf } from '../auth/session-devices';

const security = [{ bearer: [] }];

const passkeyView = (row: PasskeyRow) => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

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
      config: { ...audited('account.password_change', { object: null }), ...stepUp() },
      schema: {
        tags: ['account'],
        summary: 'Changes the own password (current password and step-up); other devices are signed out',
        security,
        body: changePasswordSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await changeOwnPassword(ctx, adminOf(request), request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/email',
    {
      config: { ...audited('account.email_change', { object: null }), ...stepUp() },
      schema: {
        tags: ['account'],
        summary: 'Changes the own sign-in address (current password and step-up); the old address is told',
        security,
        body: changeEmailSchema,
        response: { 200: changeEmailResponseSchema },
      },
    },
    async (request) => {
      return { email: await changeOwnEmail(ctx, adminOf(request), request.body) };
    },
  );

  async function signedInUser(id: string): Promise<UserRow> {
    const user = await findUserById(ctx.db, id);
    if (!user) throw notFound('Account');
    return user;
  }

  app.get(
    '/api/account/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: "The account's passkeys: name, added, last used",
        security,
        response: { 200: passkeysSchema },
      },
    },
    async (request) => ({ passkeys: (await passkeysOf(ctx.db, adminOf(request).id)).map(passkeyView) }),
  );

  app.post(
    '/api/account/passkeys/options',
    {
      config: stepUp(),
      schema: {
        tags: ['account'],
        summary:
          'A one-time challenge for navigator.credentials.create() (step-up); POST /api/account/passkeys adds it',
        security,
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request) => {
      return { options: await registrationOptions(ctx, await signedInUser(adminOf(request).id)) };
    },
  );

  app.post(
    '/api/account/passkeys',
    {
      config: { ...audited('account.passkey_add', { object: null }), ...stepUp() },
      schema: {
        tags: ['account'],
        summary: 'Adds a passkey (the browser’s answer to the options, and its name; step-up)',
        security,
        body: passkeyRegistrationSchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) => {
      const user = await signedInUser(adminOf(request).id);
      const added = await addPasskey(ctx, user, request.body.name, request.body.response);
      noteAudit({ objectId: added.id, changes: { passkey: { before: null, after: added.name } } });
      return passkeyView(added);
    },
  );

  app.delete(
    '/api/account/passkeys/:id',
    {
      config: { ...audited('account.passkey_remove'), ...stepUp() },
      schema: {
        tags: ['account'],
        summary:
          "Removes one of the account's passkeys (step-up); not the last factor of an account that needs one",
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(adminOf(request).id);
      const own = await passkeysOf(ctx.db, user.id);
      if (!own.some((p) => p.id === request.params.id)) throw notFound('Passkey');
      if (own.length === 1 && !hasTotp(user) && secondFactorRequired(ctx.config, user))
        throw conflict('last_second_factor', 'This is your only second factor: add another one first.');
      const removed = await removePasskey(ctx, user.id, request.params.id);
      noteAudit({ objectId: removed.id, changes: { passkey: { before: removed.name, after: null } } });
      return { success: true as const };
    },
  );
  app.delete(
    '/api/account/second-factor',
    {
      config: { ...audited('account.totp_remove', { object: null }), ...stepUp() },
      schema: {
        tags: ['account'],
        summary:
          'Removes the authenticator app and its recovery codes (step-up); not the last factor of an account that needs one',
        security,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await removeAuthenticator(ctx, await signedInUser(adminOf(request).id));
      noteAudit({ changes: { authenticatorApp: { before: true, after: false } } });
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/recovery-codes',
    {
      config: { ...audited('account.recovery_codes', { object: null }), ...stepUp() },
      schema: {
        tags: ['account'],
        summary:
          'Ten new recovery codes for the authenticator app, shown once; the old ones stop working (step-up)',
        security,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { codes, left } = await replaceRecoveryCodes(ctx, await signedInUser(adminOf(request).id));
      noteAudit({ changes: { codes: { before: left, after: codes.length } } });
      return { recoveryCodes: codes };
    },
  );
};
