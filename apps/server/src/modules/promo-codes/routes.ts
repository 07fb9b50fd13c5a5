// Promo code routes: the back office's list (with the report), create and change, for the admin
// (the platform's codes, any boat) and owners (their own codes and boats, scoped by the queries);
// and the review step's public check of a code on a boat.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  promoCheckQuerySchema,
  promoCheckResponseSchema,
  promoCodeInputSchema,
  promoCodeResponseSchema,
  promoCodesListResponseSchema,
} from '@boats/domain/schemas/promo-codes';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import { adminOf } from '../auth/require-admin';
import { checkCode, createCode, listCodes, updateCode } from './promo-code-service';
import { audited, noteAudit } from '../audit/audit-trail';

const security = [{ bearer: [] }];
const idParams = z.object({ id: uuid });

export const adminPromoCodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/promo-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'The caller’s promo codes (an owner: their own) with uses and discount sold',
        security,
        response: { 200: promoCodesListResponseSchema },
      },
    },
    async (request) => ({ items: await listCodes(ctx, adminOf(request)) }),
  );

  app.post(
    '/api/admin/promo-codes',
    {
      config: audited('promo_code.create'),
      schema: {
        tags: ['admin'],
        summary: 'Creates a promo code (409 when the code is taken; an owner names only their boats)',
        security,
        body: promoCodeInputSchema,
        response: { 200: promoCodeResponseSchema },
      },
    },
    async (request) => {
      const promoCode = await createCode(ctx, adminOf(request), request.body);
      noteAudit({ objectId: promoCode.id });
      return { promoCode };
    },
  );

  app.put(
    '/api/admin/promo-codes/:id',
    {
      config: audited('promo_code.update'),
      schema: {
        tags: ['admin'],
        summary: 'Changes a promo code; bookings sold with it keep their code and discount',
        security,
        params: idParams,
        body: promoCodeInputSchema,
        response: { 200: promoCodeResponseSchema },
      },
    },
    async (request) => ({
      promoCode: await updateCode(ctx, adminOf(request), request.params.id, request.body),
    }),
  );
};

export const publicPromoCodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/boat/:id/promo-code',
    {
      // Guessing codes costs a request each.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      onSend: noStore,
      schema: {
        tags: ['booking'],
        summary: 'What a promo code takes off a booking of this boat, for the review step',
        description:
          'The domain’s terms (percent in basis points or cents off); 400 naming booking.promoCode with the reason (promoUnknown, promoExpired, promoUsedUp, promoNotForBoat, …). The checkout applies the code again under its lock.',
        params: idParams,
        querystring: promoCheckQuerySchema,
        response: { 200: promoCheckResponseSchema },
      },
    },
    async (request) => checkCode(ctx, request.params.id, request.query.code, request.query.subtotal),
  );
};
