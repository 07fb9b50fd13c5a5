// Gift voucher routes (docs/payments.md#gift-vouchers): buying one by card, its confirmation,
// the printable voucher, the public balance lookup, the review step's quote on a boat, and the
// admin's list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  adminGiftVouchersPageSchema,
  adminGiftVouchersQuerySchema,
  giftVoucherBalanceQuerySchema,
  giftVoucherBalanceResponseSchema,
  giftVoucherConfirmQuerySchema,
  giftVoucherConfirmResponseSchema,
  giftVoucherPurchaseResponseSchema,
  giftVoucherPurchaseSchema,
  giftVoucherViewQuerySchema,
  giftVoucherViewResponseSchema,
  voucherCheckQuerySchema,
  voucherCheckResponseSchema,
} from '@boats/domain/schemas/gift-vouchers';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import {
  confirmVoucherPayment,
  listVouchersForAdmin,
  purchaseVoucher,
  quoteVoucher,
  viewVoucher,
  voucherBalance,
} from './gift-voucher-service';

const security = [{ bearer: [] }];
const idParams = z.object({ id: uuid });
/** Per client address, like manage-my-booking's lookup: a person mistyping, not someone guessing codes. */
const LOOKUP_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;

export const publicGiftVoucherRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every answer names people or carries a payment's secret or a voucher's code.
  app.addHook('onSend', noStore);

  app.post(
    '/api/gift-vouchers',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['gift-vouchers'],
        summary: 'Buy a gift voucher: the voucher (pending) and the card payment of its amount (cents)',
        description:
          'boatId prints "for a trip on this boat" on the voucher (it pays for any boat). Without recipient.email the voucher goes to the purchaser. 400 naming the field for bad input.',
        body: giftVoucherPurchaseSchema,
        response: { 201: giftVoucherPurchaseResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await purchaseVoucher(ctx, request.body)),
  );

  app.get(
    '/api/gift-vouchers/confirm',
    {
      schema: {
        tags: ['gift-vouchers'],
        summary: 'Confirm a voucher’s payment: retrieves the intent from the provider; idempotent',
        description:
          'The voucher becomes active once (its e-mails go out once; the webhook does the same). 402 while the payment has not succeeded; 404 for an intent that is no voucher’s.',
        querystring: giftVoucherConfirmQuerySchema,
        response: { 200: giftVoucherConfirmResponseSchema },
      },
    },
    async (request) => confirmVoucherPayment(ctx, request.query.payment_intent),
  );

  app.get(
    '/api/gift-vouchers/balance',
    {
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: {
        tags: ['gift-vouchers'],
        summary: 'What is left on a voucher code (any case, with or without dashes); 404 voucherUnknown',
        querystring: giftVoucherBalanceQuerySchema,
        response: { 200: giftVoucherBalanceResponseSchema },
      },
    },
    async (request) => voucherBalance(ctx, request.query.code),
  );

  app.get(
    '/api/gift-vouchers/:id',
    {
      schema: {
        tags: ['gift-vouchers'],
        summary:
          'The printable voucher, by the signed token of its e-mail link or confirmation; 404 otherwise',
        params: idParams,
        querystring: giftVoucherViewQuerySchema,
        response: { 200: giftVoucherViewResponseSchema },
      },
    },
    async (request) => ({ voucher: await viewVoucher(ctx, request.params.id, request.query.token) }),
  );

  app.get(
    '/api/boat/:id/voucher',
    {
      // Guessing codes costs a request each.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['booking'],
        summary: 'What a gift voucher would pay of a booking’s total on this boat, for the review step',
        description:
          'Cents: voucherAmount from the voucher, cardAmount the rest. 400 naming booking.voucherCode with voucherUnknown, voucherNotPaid, voucherExpired or voucherSpent. The checkout reserves the part under the voucher’s lock.',
        params: idParams,
        querystring: voucherCheckQuerySchema,
        response: { 200: voucherCheckResponseSchema },
      },
    },
    async (request) => quoteVoucher(ctx, request.params.id, request.query.code, request.query.total),
  );
};

export const adminGiftVoucherRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/gift-vouchers',
    {
      onSend: noStore,
      schema: {
        tags: ['admin'],
        summary: 'Gift vouchers, newest first, with balance and redemptions (admin only)',
        security,
        querystring: adminGiftVouchersQuerySchema,
        response: { 200: adminGiftVouchersPageSchema },
      },
    },
    async (request) => listVouchersForAdmin(ctx, request.query),
  );
};
