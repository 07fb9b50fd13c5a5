// The sandbox provider's browser-facing side: the card call and the local "bank
// authentication" page for 3-D Secure test cards. Mounted only when the sandbox is active.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FALLBACK_LANGUAGE,
  languageFromAcceptLanguage,
  supportedLanguage,
  type LanguageCode,
} from '@boats/domain/languages';
import {
  sandboxConfirmRequestSchema,
  sandboxConfirmResponseSchema,
  type SandboxConfirmResponse,
} from '@boats/domain/schemas/payment-intent';
import { isUuid } from '@boats/domain/schemas/common';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { cardOutcome, sandboxPaymentMethod } from './sandbox-cards';
import { authenticationPage } from './sandbox-auth-page';
import {
  bookingLanguageOf,
  findSandboxIntent,
  findSandboxIntentBySecret,
  moveSandboxIntent,
  PAYABLE_STATUSES,
  payIntentBySecret,
} from './sandbox-intent-repository';

const AUTH_PATH = '/api/payments/sandbox/authenticate';
const HOLD_EXPIRED_MESSAGE = 'The time to pay for this booking has run out. Please go back and choose again.';
const AUTH_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/**
 * Only back to this site: an absolute URL on PUBLIC_URL's host, or a path. The Host header is
 * the caller's to choose, so it proves nothing. Outside production, loopback addresses are
 * allowed too (the Vite dev server on :5173). Anything else would make the page an open redirect.
 */
function safeReturnUrl(raw: string, config: Config): URL {
  let url: URL;
  try {
    url = new URL(raw, config.publicUrl);
  } catch {
    throw badRequest('invalid_return_url', 'returnUrl is not a valid address', { field: 'returnUrl' });
  }
  const onSite =
    url.host === new URL(config.publicUrl).host ||
    (config.NODE_ENV !== 'production' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  if (!['http:', 'https:'].includes(url.protocol) || !onSite) {
    throw badRequest('invalid_return_url', 'returnUrl must be an address on this site', {
      field: 'returnUrl',
    });
  }
  return url;
}

function isSafeReturnUrl(raw: string, config: Config): boolean {
  try {
    safeReturnUrl(raw, config);
    return true;
  } catch {
    return false;
  }
}

/** What the card form is told: paid, or (request-to-book) authorized and waiting for the owner. */
function cardAnswer(status: string): 'succeeded' | 'requires_capture' {
  return status === 'requires_capture' ? 'requires_capture' : 'succeeded';
}

export const sandboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The authentication page posts plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/api/payments/sandbox/confirm',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: pay an intent with a test card',
        description:
          '4242 4242 4242 4242 succeeds; 4000 0000 0000 9995 is declined ("Your card was declined."); 4000 0027 6000 3184 and 4000 0025 0000 3155 answer requires_action with redirectUrl, a local bank-authentication page that returns to returnUrl with payment_intent, payment_intent_client_secret and redirect_status.',
        body: sandboxConfirmRequestSchema,
        response: { 200: sandboxConfirmResponseSchema },
      },
    },
    async (request): Promise<SandboxConfirmResponse> => {
      const { clientSecret, card, returnUrl } = request.body;
      const outcome = cardOutcome(card, ctx.now());
      // The card that pays is the one a deposit later authorises off-session (sandbox's saved card).
      const paymentMethod = sandboxPaymentMethod(card.number);
      // A good card on a payable intent, the checkout's usual case, is one statement. Only with a
      // return address that would be accepted anyway: the checks below answer in their own order
      // (unknown intent first) and must find the intent untouched.
      if (outcome.kind === 'succeeded' && isSafeReturnUrl(returnUrl, ctx.config)) {
        const paid = await payIntentBySecret(ctx.db, clientSecret, paymentMethod);
        if (paid) return { status: cardAnswer(paid.status) };
      }
      const intent = await findSandboxIntentBySecret(ctx.db, clientSecret);
      if (!intent) throw notFound('Payment');
      const back = safeReturnUrl(returnUrl, ctx.config);
      if (intent.status === 'succeeded' || intent.status === 'requires_capture') {
        return { status: cardAnswer(intent.status) };
      }
      if (intent.status === 'canceled') {
        return { status: 'requires_payment_method', message: HOLD_EXPIRED_MESSAGE };
      }

      if (outcome.kind === 'declined') {
        await moveSandboxIntent(ctx.db, intent.id, PAYABLE_STATUSES, {
          status: 'requires_payment_method',
          lastError: outcome.message,
        });
        return { status: 'requires_payment_method', message: outcome.message };
      }
      if (outcome.kind === 'requires_action') {
        await moveSandboxIntent(ctx.db, intent.id, PAYABLE_STATUSES, {
          status: 'requires_action',
          paymentMethod,
        });
        const query = new URLSearchParams({
          payment_intent: intent.id,
          payment_intent_client_secret: intent.clientSecret,
          return_url: back.toString(),
        });
        return { status: 'requires_action', redirectUrl: `${AUTH_PATH}?${query.toString()}` };
      }
      const moved = await moveSandboxIntent(ctx.db, intent.id, PAYABLE_STATUSES, {
        status: 'paid',
        paymentMethod,
      });
      const now = moved ?? (await findSandboxIntent(ctx.db, intent.id));
      return now?.status === 'succeeded' || now?.status === 'requires_capture'
        ? { status: cardAnswer(now.status) }
        : { status: 'requires_payment_method', message: 'This payment can no longer be paid' };
    },
  );

  async function bookingLanguage(bookingId: string | undefined): Promise<LanguageCode | undefined> {
    if (!bookingId || !isUuid(bookingId)) return undefined;
    return supportedLanguage(await bookingLanguageOf(ctx.db, bookingId));
  }

  const authQuery = z.object({
    payment_intent: z.string().min(1).max(255),
    payment_intent_client_secret: z.string().min(1).max(300),
    return_url: z.string().min(1).max(2000),
  });

  app.get(
    AUTH_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: the 3-D Secure "bank authentication" page (HTML, Approve / Fail)',
        querystring: authQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const intent = await findSandboxIntent(ctx.db, q.payment_intent);
      if (intent?.clientSecret !== q.payment_intent_client_secret) throw notFound('Payment');
      safeReturnUrl(q.return_url, ctx.config);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return authenticationPage({
        action: AUTH_PATH,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        returnUrl: q.return_url,
        amountCents: intent.amountCents,
        // The language the visitor chose on the site (kept on the booking), else the browser's.
        language:
          (await bookingLanguage(intent.metadata.bookingId ?? intent.metadata.depositOf)) ??
          languageFromAcceptLanguage(request.headers['accept-language']) ??
          FALLBACK_LANGUAGE,
      });
    },
  );

  app.post(
    AUTH_PATH,
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox only: the bank page answer; redirects back to the site like a real 3-D Secure return',
        body: authQuery.extend({ decision: z.enum(['approve', 'fail']) }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const intent = await findSandboxIntent(ctx.db, b.payment_intent);
      if (intent?.clientSecret !== b.payment_intent_client_secret) throw notFound('Payment');
      const back = safeReturnUrl(b.return_url, ctx.config);
      const approved = b.decision === 'approve';
      await moveSandboxIntent(
        ctx.db,
        intent.id,
        ['requires_action'],
        approved ? { status: 'paid' } : { status: 'requires_payment_method', lastError: AUTH_FAILED_MESSAGE },
      );
      const final = await findSandboxIntent(ctx.db, intent.id);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', intent.clientSecret);
      // As Stripe: an authorized intent (request-to-book) returns as succeeded too.
      const through = final?.status === 'succeeded' || final?.status === 'requires_capture';
      back.searchParams.set('redirect_status', through ? 'succeeded' : 'failed');
      return reply.code(303).header('location', back.toString()).send();
    },
  );
};
