import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicBookingResponseSchema } from '@boats/domain/schemas/booking';
import {
  bookingInvoicesResponseSchema,
  bookingViewQuerySchema,
  checkoutKeyQuerySchema,
  manageTokenQuerySchema,
} from '@boats/domain/schemas/manage-booking';
import { languageCode, uuid } from '@boats/domain/schemas/common';
import { onlineBookingContactSchema } from '@boats/domain/schemas/contact';
import {
  checkoutConfirmQuerySchema,
  checkoutConfirmResponseSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
} from '@boats/domain/schemas/payment-intent';
import type { AppContext } from '../../context';
import { clientKey } from '../../http/client-key';
import type { ReadCaches } from '../../http/read-caches';
import { sendCachedAnswer } from '../../http/send-cached-answer';
import { noStore } from '../../http/no-store';
import { notFound } from '../../http/errors';
import { saveCheckoutContact } from './checkout-contact';
import { assertCheckoutKey } from './checkout-key';
import { payWithVoucher, releaseCheckout, startCheckout } from './checkout-service';
import { settleError, settleIntent } from '../bookings/payment-confirmation';
import { cachedPublicBooking, loadPublicBooking } from '../bookings/public-booking';
import { bookingForToken } from '../manage-booking/manage-service';
import { bookingInvoicesView } from '../invoices/customer-invoices';
import { bookingInvoicePdf } from '../invoices/customer-invoice-pdf';

const bookingParams = z.object({ id: uuid });

export const bookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  // Every answer here names a customer or carries the payment's client secret.
  app.addHook('onSend', noStore);
  const publicView = (id: string) => loadPublicBooking(ctx, id);
  // A booking id is no proof (owners, crew, agents, resellers and logs see it): each call on a
  // booking below asks for its checkout key, or its manage token where the manage page calls.
  const requireKey = (id: string, key: string) => assertCheckoutKey(id, key, ctx.config.jwtSecret);

  app.post(
    '/api/boat/payment-intent',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['booking'],
        summary:
          'Hold seats or charter hours (HOLD_MINUTES_BEFORE_CONTACT, or HOLD_MINUTES when the customer is given) and create the card payment for the server-computed price',
        description:
          'Answers the checkout key (checkoutKey) that every /checkout/booking/{id} call asks for as ?key=; only this answer carries it, it is never e-mailed. Refuses with 409 when the amount or priceBreakdown differs from the server price (the message gives both), when the seats or hours are taken, or when the slot has started.',
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentResponseSchema },
      },
    },
    async (request) => startCheckout(ctx, request.body, clientKey(request)),
  );

  app.get(
    '/checkout/confirm',
    {
      schema: {
        tags: ['booking'],
        summary: 'Confirm a payment: retrieves the intent from the provider; idempotent',
        description:
          'When the intent succeeded for the booking amount the booking becomes paid with tickets and a confirmation e-mail; the answer carries the booking as GET /checkout/booking/{id} shows it. 402 when the payment has not succeeded; 409 when the hold lapsed and the payment was refunded. An Idempotency-Key header is accepted; repeats are harmless either way.',
        querystring: checkoutConfirmQuerySchema,
        headers: z.looseObject({ 'idempotency-key': z.string().max(255).optional() }),
        response: { 200: checkoutConfirmResponseSchema },
      },
    },
    async (request) => {
      const intent = await ctx.payments.retrieveIntent(request.query.payment_intent).catch((err: unknown) => {
        if ((err as { statusCode?: number }).statusCode === 404) throw notFound('Payment');
        throw err;
      });
      const outcome = await settleIntent(ctx, intent, { actor: 'customer' });
      if (outcome.kind !== 'paid' && outcome.kind !== 'requested') throw settleError(outcome);
      return { booking: await publicView(outcome.booking.id) };
    },
  );

  app.get(
    '/checkout/booking/:id',
    {
      // Answers from memory do not queue; a fill takes its turn inside the cache.
      config: { workQueue: false },
      schema: {
        tags: ['booking'],
        summary:
          'The booking as its customer sees it (no fee split), with its checkout key or its manage token',
        description:
          'The answer names the customer and carries the tickets, so the booking id alone opens nothing: ?key= is the checkout key the checkout’s start answered (the confirmation page keeps it in its address), ?token= the manage token (manage my booking, the e-mail’s link). Neither: 400 naming querystring.key; a key of another booking 403 invalid_checkout_key; a token 403 invalid_manage_token or manage_link_expired, 404 for an unknown booking.',
        params: bookingParams,
        querystring: bookingViewQuerySchema,
        response: { 200: publicBookingResponseSchema, 304: z.null().describe('Not modified (ETag matched)') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { key, token } = request.query;
      // The key is checked without the database, so the cached answer stays the common path.
      if (key !== undefined) requireKey(id, key);
      else if (token !== undefined) await bookingForToken(ctx, id, token);
      return sendCachedAnswer(request, reply, await cachedPublicBooking(ctx, caches, id), 'no-store');
    },
  );

  app.get(
    '/checkout/booking/:id/invoices',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The invoices the platform issued for the booking, as manage my booking shows them (manage token)',
        description:
          'The sale’s invoice, a full invoice replacing it, the rectifying invoices of refunds, first issued first (none when the boat’s owner invoices their customers themselves), and whether a company may still ask for a full invoice (POST /api/bookings/{id}/invoice). An invoice names its recipient, so it opens only with the booking’s manage token (403 invalid_manage_token, manage_link_expired), never with the checkout key; the back office reads them through its own routes.',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        response: { 200: bookingInvoicesResponseSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      return bookingInvoicesView(ctx.db, request.params.id);
    },
  );

  app.get(
    '/checkout/booking/:id/invoices/:invoiceId/pdf',
    {
      schema: {
        tags: ['booking'],
        summary:
          'One of the booking’s invoices as a PDF, with its VERI*FACTU QR code, in the customer’s language',
        params: z.object({ id: uuid, invoiceId: uuid }),
        querystring: manageTokenQuerySchema,
      },
    },
    async (request, reply) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      const file = await bookingInvoicePdf(ctx.db, ctx.config, request.params.id, request.params.invoiceId);
      if (!file) throw notFound('Invoice');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(Buffer.from(file.pdf));
    },
  );

  app.post(
    '/checkout/booking/:id/customer',
    {
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['booking'],
        summary: "The customer's contact details and language, given on the payment step before paying",
        description:
          'With the checkout key (?key=; 403 invalid_checkout_key for another booking’s). While the hold is live it lasts HOLD_MINUTES from the checkout start once the details are saved (a checkout started without them holds HOLD_MINUTES_BEFORE_CONTACT); the answer carries the new holdExpiresAt. 409 once paid or released.',
        params: bookingParams,
        querystring: checkoutKeyQuerySchema,
        body: z.object({ customer: onlineBookingContactSchema, lang: languageCode.optional() }),
        response: { 200: publicBookingResponseSchema },
      },
    },
    async (request) => {
      requireKey(request.params.id, request.query.key);
      await saveCheckoutContact(ctx, request.params.id, request.body);
      return publicView(request.params.id);
    },
  );

  app.post(
    '/checkout/booking/:id/release',
    {
      schema: {
        tags: ['booking'],
        summary: 'Give up an unpaid hold at once (Back on the payment step); idempotent, 409 once paid',
        description:
          'With the checkout key (?key=, also in the URL of the page-hide beacon, which sends no body); 403 invalid_checkout_key for another booking’s key.',
        params: bookingParams,
        querystring: checkoutKeyQuerySchema,
        response: { 200: publicBookingResponseSchema },
      },
    },
    async (request) => {
      requireKey(request.params.id, request.query.key);
      await releaseCheckout(ctx, request.params.id);
      return publicView(request.params.id);
    },
  );

  app.post(
    '/checkout/booking/:id/pay-with-voucher',
    {
      schema: {
        tags: ['booking'],
        summary: 'Pay a hold with its gift voucher alone (its card part is 0); idempotent',
        description:
          'With the checkout key (?key=). The booking becomes paid like after a card payment (tickets, confirmation e-mail); the answer is the booking as the confirm call answers it. 409 card_part_due when part is paid by card; 409 booking_released when the hold was released or lapsed and its seats resold.',
        params: bookingParams,
        querystring: checkoutKeyQuerySchema,
        response: { 200: checkoutConfirmResponseSchema },
      },
    },
    async (request) => {
      requireKey(request.params.id, request.query.key);
      await payWithVoucher(ctx, request.params.id);
      return { booking: await publicView(request.params.id) };
    },
  );
};
