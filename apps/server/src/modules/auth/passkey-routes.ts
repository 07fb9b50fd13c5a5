// Signing with a passkey (passkeys.ts), registered inside the auth routes (same-origin only):
// a sign-in without the password, the second factor after it, and step-up. Each answer takes a
// slot of the sign-in limits of the client and of the account, like a password or a code; a
// passkey that passes gives it back. Adding, listing and removing passkeys are the account's own
// calls (modules/account/account-routes.ts), in the audit trail.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  passkeyAssertionOptionsSchema,
  passkeyOptionsSchema,
  passkeySignInSchema,
  passkeyStepUpSchema,
} from '@boats/domain/schemas/auth';
import { successResponseSchema } from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { invalidField, unauthorized } from '../../http/errors';
import { beginLoginAttempt } from './login-throttle';
import { assertionOptions, passkeyOfResponse, verifyPasskey, wrongPasskey } from './passkeys';
import { bearerUser } from './require-admin';
import { markFactorProved, readChallenge } from './second-factor';
import { completeSignIn } from './signed-in';
import { findUserById, normalizeEmail, type UserRow } from './user-repository';

const CALLS_PER_MINUTE = 30;
const limited = { rateLimit: { max: CALLS_PER_MINUTE, timeWindow: '1 minute' } };

export const passkeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function activeUser(userId: string): Promise<UserRow> {
    const user = await findUserById(ctx.db, userId);
    if (!user || user.disabledAt) throw unauthorized('Your session has ended, please sign in again');
    return user;
  }

  app.post(
    '/user/passkeys/options',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'A one-time challenge for navigator.credentials.get(): to sign in without the password, to answer the password’s challenge, or for step-up (bearer)',
        body: passkeyAssertionOptionsSchema,
        response: { 200: passkeyOptionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { purpose, challenge } = request.body;
      if (purpose === 'sign-in') return { options: await assertionOptions(ctx, purpose) };
      if (purpose === 'second-factor') {
        if (!challenge)
          throw invalidField('body.challenge', 'required', 'The sign-in’s challenge is missing.');
        const pending = await readChallenge(ctx, challenge);
        return { options: await assertionOptions(ctx, purpose, await activeUser(pending.userId)) };
      }
      const signedIn = await bearerUser(ctx, request);
      return { options: await assertionOptions(ctx, purpose, await activeUser(signedIn.id)) };
    },
  );

  app.post(
    '/user/auth/passkey',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Signs in with a passkey: alone (a discoverable passkey, verified by the device), or as the second factor after the password (challenge); answers the session like POST /user/auth',
        body: passkeySignInSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      const { response, challenge, remember, language = 'en' } = request.body;
      const pending = challenge ? await readChallenge(ctx, challenge) : undefined;
      const passkey = await passkeyOfResponse(ctx.db, response);
      const user = passkey ? await findUserById(ctx.db, passkey.userId) : undefined;
      // An unknown passkey counts against the client like a wrong password.
      const account = user ? normalizeEmail(user.email) : `passkey:${response.id.slice(0, 64)}`;
      const attempt = await beginLoginAttempt(ctx, app.limits, request, account);
      if (!passkey || !user || user.disabledAt) throw wrongPasskey();
      if (pending && pending.userId !== user.id) throw wrongPasskey();
      await verifyPasskey(ctx, passkey, response, pending ? 'second-factor' : 'sign-in');
      await attempt.succeeded();
      return completeSignIn(ctx, request, reply, user, {
        remember: pending?.remember ?? remember,
        language: pending?.language ?? language,
        factorProved: true,
      });
    },
  );

  app.post(
    '/user/step-up/passkey',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Proves the second factor again for this session with a passkey (step-up), like POST /user/step-up',
        body: passkeyStepUpSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const signedIn = await bearerUser(ctx, request);
      const user = await activeUser(signedIn.id);
      const attempt = await beginLoginAttempt(ctx, app.limits, request, normalizeEmail(user.email));
      const passkey = await passkeyOfResponse(ctx.db, request.body.response);
      if (!passkey || passkey.userId !== user.id) throw wrongPasskey();
      await verifyPasskey(ctx, passkey, request.body.response, 'step-up');
      await attempt.succeeded();
      await markFactorProved(ctx, signedIn.sessionId);
      return { success: true as const };
    },
  );
};
