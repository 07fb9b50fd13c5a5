import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, signInResponseSchema } from '@boats/domain/schemas/auth';
import { loginSchema } from '@boats/domain/schemas/contact';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { checkCredentials, endSession, rotateSession } from './auth-service';
import { requireSameOrigin } from '../../http/same-origin';
import { beginLoginAttempt } from './login-throttle';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { normalizeEmail } from './user-repository';
import { passkeyCount } from './passkeys';
import { passkeyRoutes } from './passkey-routes';
import { hasTotp, secondFactorRequired, signChallenge } from './second-factor';
import { secondFactorRoutes } from './second-factor-routes';
import { completeSignIn, sessionClient } from './signed-in';

/** Every sign-in request from one IP, failed or not: a flood guard on top of the failure counts. */
const LOGIN_REQUESTS_PER_MINUTE = 60;

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every call here reads or sets the session cookie: only this site's pages may make them.
  app.addHook('onRequest', requireSameOrigin(ctx.config.publicUrl));

  app.post(
    '/user/auth',
    {
      config: { rateLimit: { max: LOGIN_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in: answers an access token and the user and sets the refresh cookie, or, for an account with (or required to set up) a second factor, a challenge for it',
        body: loginSchema,
        response: { 200: signInResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, remember, language = 'en' } = request.body;
      const account = normalizeEmail(email);
      const attempt = await beginLoginAttempt(ctx, app.limits, request, account);
      const user = await checkCredentials(ctx, email, password);
      if (!user) throw unauthorized('Wrong email or password');
      await attempt.succeeded();
      reply.header('cache-control', 'no-store');
      // The password alone is not a session for an account with a second factor, nor for one
      // whose role requires it: the code (POST /user/auth/second-factor) or the enrolment
      // (/user/second-factor/*) completes the sign-in.
      const withPasskey = (await passkeyCount(ctx.db, user.id)) > 0;
      if (hasTotp(user) || withPasskey || secondFactorRequired(ctx.config, user)) {
        return {
          secondFactor: hasTotp(user)
            ? ('totp' as const)
            : withPasskey
              ? ('passkey' as const)
              : ('enrol' as const),
          challenge: await signChallenge(ctx, user, remember, language),
          ...(withPasskey ? { passkey: true } : {}),
        };
      }
      return completeSignIn(ctx, request, reply, user, { remember, factorProved: false, language });
    },
  );

  await app.register(secondFactorRoutes, { ctx });
  await app.register(passkeyRoutes, { ctx });

  app.post(
    '/user/refresh',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Exchanges the refresh cookie for a new access token and a new refresh cookie',
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const session = await rotateSession(ctx, readRefreshCookie(request), sessionClient(request));
        setRefreshCookie(reply, ctx, session);
        reply.header('cache-control', 'no-store');
        return { accessToken: session.accessToken, user: session.user };
      } catch (err) {
        clearRefreshCookie(reply, ctx);
        throw err;
      }
    },
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Signs out: revokes the refresh token family and clears the cookie',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await endSession(ctx, readRefreshCookie(request));
      clearRefreshCookie(reply, ctx);
      return { success: true as const };
    },
  );
};
