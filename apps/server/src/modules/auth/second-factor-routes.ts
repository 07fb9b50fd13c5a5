// The second factor's calls (second-factor.ts), registered inside the auth routes (same-origin
// only). A sign-in that answered a challenge finishes here with the code, or with the enrolment
// of an account whose role requires a factor it does not have; a signed-in account sets one up
// by its bearer token, and proves it again for step-up.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  secondFactorConfirmResponseSchema,
  secondFactorConfirmSchema,
  secondFactorSetupResponseSchema,
  secondFactorSetupSchema,
  secondFactorSignInSchema,
  secondFactorStatusSchema,
  stepUpSchema,
} from '@boats/domain/schemas/auth';
import { successResponseSchema } from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { conflict, unauthorized } from '../../http/errors';
import { beginLoginAttempt } from './login-throttle';
import { bearerUser } from './require-admin';
import {
  checkSecondFactor,
  confirmEnrolment,
  hasSecondFactor,
  hasTotp,
  markFactorProved,
  readChallenge,
  recoveryCodesLeft,
  requireRecentFactorOf,
  secondFactorRequired,
  startEnrolment,
  wrongCode,
} from './second-factor';
import { completeSignIn } from './signed-in';
import { findUserById, normalizeEmail, type UserRow } from './user-repository';

/** Every call here from one client, failed or not; the codes' failures count like passwords'. */
const CALLS_PER_MINUTE = 30;
const limited = { rateLimit: { max: CALLS_PER_MINUTE, timeWindow: '1 minute' } };

export const secondFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function activeUser(userId: string): Promise<UserRow> {
    const user = await findUserById(ctx.db, userId);
    if (!user || user.disabledAt) throw unauthorized('Your session has ended, please sign in again');
    return user;
  }

  /** The account of a pending sign-in (its challenge) or of the signed-in bearer. */
  async function whoIsAsking(request: FastifyRequest, challenge: string | undefined) {
    if (challenge) {
      const pending = await readChallenge(ctx, challenge);
      const user = await activeUser(pending.userId);
      // The password's challenge enrols only an account without any factor: one with a passkey
      // answers it with the passkey, never by adding an app with the password alone.
      if (await hasSecondFactor(ctx.db, user))
        throw conflict('second_factor_exists', 'This account already has a second factor.');
      return { user, pending };
    }
    const signedIn = await bearerUser(ctx, request);
    return { user: await activeUser(signedIn.id), sessionId: signedIn.sessionId };
  }

  /** The code, counted against the sign-in limits of the client and the account like a password. */
  async function proveCode(request: FastifyRequest, user: UserRow, code: string): Promise<void> {
    const attempt = await beginLoginAttempt(ctx, app.limits, request, normalizeEmail(user.email));
    if (!(await checkSecondFactor(ctx, user, code))) throw wrongCode();
    await attempt.succeeded();
  }

  app.post(
    '/user/auth/second-factor',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Completes a sign-in with the code of the authenticator app or a recovery code: answers the session like POST /user/auth',
        body: secondFactorSignInSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      const pending = await readChallenge(ctx, request.body.challenge);
      const user = await activeUser(pending.userId);
      await proveCode(request, user, request.body.code);
      return completeSignIn(ctx, request, reply, user, { ...pending, factorProved: true });
    },
  );

  app.post(
    '/user/second-factor/setup',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'A new authenticator secret (QR code and text) for the signed-in account or the pending sign-in (challenge)',
        body: secondFactorSetupSchema,
        response: { 200: secondFactorSetupResponseSchema },
      },
    },
    async (request, reply) => {
      const asking = await whoIsAsking(request, request.body.challenge);
      // An account with a passkey adds the app from a session that proved a factor lately.
      if (asking.sessionId) await requireRecentFactorOf(ctx, asking.user.id, asking.sessionId);
      reply.header('cache-control', 'no-store');
      return startEnrolment(ctx, asking.user);
    },
  );

  app.post(
    '/user/second-factor/confirm',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Turns the authenticator on with a code from it; answers ten recovery codes, and the session when it completes a sign-in',
        body: secondFactorConfirmSchema,
        response: { 200: secondFactorConfirmResponseSchema },
      },
    },
    async (request, reply) => {
      const asking = await whoIsAsking(request, request.body.challenge);
      const attempt = await beginLoginAttempt(ctx, app.limits, request, normalizeEmail(asking.user.email));
      const recoveryCodes = await confirmEnrolment(ctx, asking.user, request.body.code, request.ip);
      await attempt.succeeded();
      reply.header('cache-control', 'no-store');
      if (asking.pending) {
        const fresh = await activeUser(asking.user.id);
        const session = await completeSignIn(ctx, request, reply, fresh, {
          ...asking.pending,
          factorProved: true,
        });
        return { recoveryCodes, session };
      }
      await markFactorProved(ctx, asking.sessionId);
      return { recoveryCodes, session: null };
    },
  );

  app.get(
    '/user/second-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether the signed-in account has an authenticator app, must have one, and its recovery codes left',
        response: { 200: secondFactorStatusSchema },
      },
    },
    async (request, reply) => {
      const { user } = await whoIsAsking(request, undefined);
      reply.header('cache-control', 'no-store');
      return {
        enabled: await hasSecondFactor(ctx.db, user),
        totp: hasTotp(user),
        required: secondFactorRequired(ctx.config, user),
        recoveryCodesLeft: hasTotp(user) ? await recoveryCodesLeft(ctx.db, user.id) : 0,
      };
    },
  );

  app.post(
    '/user/step-up',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          'Proves the second factor again for this session (step-up): money and power acts pass for the next 10 minutes',
        body: stepUpSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const signedInUser = await bearerUser(ctx, request);
      const user = await activeUser(signedInUser.id);
      await proveCode(request, user, request.body.code);
      await markFactorProved(ctx, signedInUser.sessionId);
      return { success: true as const };
    },
  );
};
