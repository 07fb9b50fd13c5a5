// POST /user/password/forgot and /user/password/reset (see password-reset-service).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  successResponseSchema,
} from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { requestPasswordReset, resetPassword } from './password-reset-service';
import { normalizeEmail } from './user-repository';

/** Requests from one IP per window: enough for a person who mistypes, too few to spam anyone. */
const FORGOT_PER_IP = 10;
/** E-mails one address can receive per window, whoever asks: nobody floods a mailbox. */
const FORGOT_PER_ACCOUNT = 3;
const WINDOW = 15 * 60_000;

export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const perAccount = app.createRateLimit({
    max: FORGOT_PER_ACCOUNT,
    timeWindow: WINDOW,
    keyGenerator: (request) => `forgot-account:${normalizeEmail((request.body as { email: string }).email)}`,
  });

  app.post(
    '/user/password/forgot',
    {
      config: { rateLimit: { max: FORGOT_PER_IP, timeWindow: WINDOW } },
      schema: {
        tags: ['auth'],
        summary:
          'Sends a one-time password reset link if the address has an account (same answer either way)',
        body: forgotPasswordSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      // Over the per-address limit the answer stays the same; only the e-mail is not sent.
      const limit = await perAccount(request);
      if (limit.isAllowed || !limit.isExceeded) await requestPasswordReset(ctx, request.body);
      return { success: true as const };
    },
  );

  app.post(
    '/user/password/reset',
    {
      config: { rateLimit: { max: 20, timeWindow: WINDOW } },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the link of the reset e-mail; ends every session of the account',
        body: resetPasswordSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { success: true as const };
    },
  );
};
