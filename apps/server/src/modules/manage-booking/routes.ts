// Manage my booking (public, rate-limited lookup; the rest needs the booking's manage token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToEuros, eurosToCents } from '@boats/domain/money';
import {
  bookingCancelRequestSchema,
  bookingCancelResponseSchema,
  bookingLookupRequestSchema,
  bookingLookupResponseSchema,
  bookingResendRequestSchema,
  bookingResendResponseSchema,
  cancellationQuoteSchema,
  fullInvoiceRequestSchema,
  fullInvoiceResponseSchema,
  manageTokenQuerySchema,
  rescheduleConfirmRequestSchema,
  rescheduleConfirmResponseSchema,
  rescheduleOffersQuerySchema,
  rescheduleOffersSchema,
  rescheduleReleaseRequestSchema,
  rescheduleReleaseResponseSchema,
  rescheduleRequestSchema,
  rescheduleResponseSchema,
  requestWithdrawSchema,
} from '@boats/domain/schemas/manage-booking';
import { publicBookingResponseSchema } from '@boats/domain/schemas/booking';
import { uuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { noStore } from '../../http/no-store';
import { cancelByCustomer } from './customer-cancellation';
import {
  bookingForToken,
  currentCancellationTerms,
  lookupBooking,
  requestConfirmationAgain,
  requestFullInvoice,
  toCancellationQuoteWire,
} from './manage-service';
import { loadPublicBooking } from '../bookings/public-booking';
import { withdrawRequest } from '../booking-requests/request-decision';
import {
  confirmReschedulePayment,
  rescheduleBooking,
  releaseRescheduleHold,
  rescheduleOffers,
} from './reschedule';

/** Per client address: a customer who mistypes a few times, not someone guessing numbers. */
const LOOKUP_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;
/** Cancel, resend and the other writes: a person presses a few times; nobody needs more. */
const MANAGE_WRITE = {
  bodyLimit: 4 * 1024,
  config: { rateLimit: { max: 10, timeWindow: 10 * 60 * 1000 } },
} as const;

const bookingParams = z.object({ id: uuid });

export const manageBookingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every answer here names a customer or carries their manage token.
  app.addHook('onSend', noStore);
  app.post(
    '/api/bookings/lookup',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: LOOKUP_RATE_LIMIT },
      schema: {
        tags: ['booking'],
        summary: 'Find a booking by its number (last 8 characters of the id) and e-mail',
        description:
          'Answers the booking and its manage token. A wrong number and a wrong e-mail get the same 404; 10 tries per address per 10 minutes (429).',
        body: bookingLookupRequestSchema,
        response: { 200: bookingLookupResponseSchema },
      },
    },
    async (request) => lookupBooking(ctx, request.body.reference, request.body.email),
  );

  app.get(
    '/api/bookings/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'The booking a manage link opens (manage token)',
        description:
          'What manage my booking shows, only for the link’s own token: 404 for an unknown booking, 403 invalid_manage_token for a damaged or foreign link, so the page never offers actions that would fail.',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        response: { 200: publicBookingResponseSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      return loadPublicBooking(ctx, request.params.id);
    },
  );

  app.get(
    '/api/bookings/:id/cancellation',
    {
      schema: {
        tags: ['booking'],
        summary: 'What cancelling now would refund under the boat’s cancellation policy (manage token)',
        params: bookingParams,
        querystring: manageTokenQuerySchema,
        response: { 200: cancellationQuoteSchema },
      },
    },
    async (request) => {
      const row = await bookingForToken(ctx, request.params.id, request.query.token);
      return toCancellationQuoteWire(await currentCancellationTerms(ctx, row));
    },
  );

  app.post(
    '/api/bookings/:id/cancel',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary:
          'The customer cancels under the cancellation policy (manage token); refunds through the ledger',
        description:
          'expectedRefund is the refund (euros) the customer was shown; when the policy has moved on since, 409 refund_changed with the new figure and nothing changes. 409 not_cancellable once the trip has started or the booking is not paid or confirmed.',
        params: bookingParams,
        body: bookingCancelRequestSchema,
        response: { 200: bookingCancelResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { refundCents } = await cancelByCustomer(
        ctx,
        id,
        request.body.token,
        eurosToCents(request.body.expectedRefund),
      );
      return { ...(await loadPublicBooking(ctx, id)), refund: centsToEuros(refundCents) };
    },
  );

  app.post(
    '/api/bookings/:id/withdraw',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary: 'The customer withdraws a request-to-book the owner has not answered (manage token)',
        description:
          'The booking is canceled and its card authorization let go: nothing is charged. 409 request_decided once the owner accepted or declined it, or it lapsed.',
        params: bookingParams,
        body: requestWithdrawSchema,
        response: { 200: publicBookingResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await bookingForToken(ctx, id, request.body.token);
      await withdrawRequest(ctx, id);
      return loadPublicBooking(ctx, id);
    },
  );

  app.post(
    '/api/bookings/:id/invoice',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary:
          'A company’s full invoice (F3) replacing the booking’s simplified one: name, tax id (Spanish NIF/NIE/CIF or EU VAT number), address (manage token)',
        params: bookingParams,
        body: fullInvoiceRequestSchema,
        response: { 200: fullInvoiceResponseSchema },
      },
    },
    async (request) => {
      const { token, ...company } = request.body;
      await bookingForToken(ctx, request.params.id, token);
      const { invoice, replaces } = await requestFullInvoice(ctx, request.params.id, company);
      return { invoice: { number: invoice.number, invoiceType: 'F3' as const, replaces: replaces.number } };
    },
  );

  app.post(
    '/api/bookings/:id/resend',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary: 'Send the confirmation e-mail again to the booking’s address (manage token)',
        params: bookingParams,
        body: bookingResendRequestSchema,
        response: { 200: bookingResendResponseSchema },
      },
    },
    async (request) => {
      const row = await bookingForToken(ctx, request.params.id, request.body.token);
      await requestConfirmationAgain(ctx, row);
      return { sent: true as const };
    },
  );

  app.get(
    '/api/bookings/:id/reschedule',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The boat’s reschedule policy, whether this booking may move now, and the trips it may move to (manage token)',
        description:
          'Each trip with the money of the move in euros: the party’s price there, the extras kept, the promo discount kept, the fee, the new total and the difference with what was paid (above 0 paid by card, below 0 refunded). `reason` says why a booking may not move (domain RESCHEDULE_REFUSALS). `date` (a Canary day) lists that day’s trips; without it, the soonest ahead.',
        params: bookingParams,
        querystring: rescheduleOffersQuerySchema,
        response: { 200: rescheduleOffersSchema },
      },
    },
    async (request) => {
      const row = await bookingForToken(ctx, request.params.id, request.query.token);
      return rescheduleOffers(ctx, row, request.query.hours, request.query.date);
    },
  );

  app.post(
    '/api/bookings/:id/reschedule',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary: 'The customer moves their booking to another trip of the boat (manage token)',
        description:
          'expectedDifference is the difference (euros) the customer was shown; `hours` a charter’s new length. Equal or cheaper: moved at once (new tickets, the old seats back on sale), a cheaper trip’s difference refunded through the ledger. Dearer: the new trip’s seats or hours are held (HOLD_MINUTES) and `payment` carries the card payment of the difference; the booking moves when it is paid (POST …/reschedule/confirm or the webhook). 409 reschedule_refused (the policy, with its reason), trip_unavailable (no room any more), difference_changed (with the new figure).',
        params: bookingParams,
        body: rescheduleRequestSchema,
        response: { 200: rescheduleResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await bookingForToken(ctx, id, request.body.token);
      const { refundedCents, payment } = await rescheduleBooking(ctx, id, {
        slotId: request.body.slotId,
        hours: request.body.hours,
        expectedDifferenceCents: eurosToCents(request.body.expectedDifference),
      });
      return {
        ...(await loadPublicBooking(ctx, id)),
        refunded: centsToEuros(refundedCents),
        payment: payment && {
          clientSecret: payment.clientSecret,
          amount: centsToEuros(payment.amountCents),
          holdExpiresAt: payment.holdExpiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/api/bookings/:id/reschedule/confirm',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary: 'The card paid a dearer trip’s difference: the booking moves (manage token; idempotent)',
        description:
          'The intent is retrieved from the provider, never taken from the request. Paid: the booking moves to the held trip (new tickets, e-mail), once, whether this call or the webhook comes first. 402 payment_not_succeeded; 409 reschedule_released when the held seats were given up or lapsed and resold, or the booking changed meanwhile: the booking keeps its date and the payment is refunded; 404 for an intent that is not this booking’s change.',
        params: bookingParams,
        body: rescheduleConfirmRequestSchema,
        response: { 200: rescheduleConfirmResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await bookingForToken(ctx, id, request.body.token);
      const { paidCents } = await confirmReschedulePayment(ctx, id, request.body.paymentIntentId);
      return { ...(await loadPublicBooking(ctx, id)), paid: centsToEuros(paidCents) };
    },
  );

  app.post(
    '/api/bookings/:id/reschedule/release',
    {
      ...MANAGE_WRITE,
      schema: {
        tags: ['booking'],
        summary:
          'The customer gives up a dearer trip before paying: its held seats go back on sale (manage token)',
        description:
          'Idempotent: `released` is false when nothing was held. A payment made meanwhile is refunded.',
        params: bookingParams,
        body: rescheduleReleaseRequestSchema,
        response: { 200: rescheduleReleaseResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await bookingForToken(ctx, id, request.body.token);
      return { released: await releaseRescheduleHold(ctx, id) };
    },
  );
};
