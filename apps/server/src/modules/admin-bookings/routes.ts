// Back-office bookings: the list with KPIs, the CSV export and the three actions. Admins and
// owners (an owner: the bookings of their boats, in every query); the service holds the rules.
import { Readable } from 'node:stream';
import { stepUp, stepUpAboveRefundLimit } from '../auth/step-up';
import { canaryDateKey } from '@boats/domain/canary-time';
import { bookingsCsvFileName } from '@boats/domain/csv';
import { uuid } from '@boats/domain/schemas/common';
import { eurosToCents } from '@boats/domain/money';
import {
  adminBookingDetailsSchema,
  adminBookingSchema,
  bookingActionBodySchema,
  bookingRefundBodySchema,
  bookingsPageSchema,
  bookingsQuerySchema,
  bookingStatusPatchSchema,
} from '@boats/domain/schemas/booking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { ReadCaches } from '../../http/read-caches';
import { sendBackOfficeAnswer } from '../../http/back-office-answers';
import { adminOf, readerKeyOf, scopeOfRequest } from '../auth/require-admin';
import { requestDeclineSchema } from '@boats/domain/schemas/request-to-book';
import {
  acceptBookingRequest,
  cancelBooking,
  declineBookingRequest,
  lapseBookingRequestNow,
  confirmBooking,
  exportBookingsCsv,
  getAdminBookingDetails,
  bookingsPageUntil,
  BOOKINGS_PAGE_TABLES,
  refundByOperator,
} from './admin-booking-service';
import { boatIdsOfScope } from '../owner-scope/owner-scope';
import { audited } from '../audit/audit-trail';
import { channelReportQuerySchema, channelReportSchema } from '@boats/domain/schemas/channel-report';
import { channelReport } from './channel-report-service';

const idParams = z.object({ id: uuid });
// The cancel and refund calls may come without a body at all.
const actionBody = bookingActionBodySchema.nullable();
const tags = ['admin bookings'];
const security = [{ bearer: [] }];

export const adminBookingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/checkout/bookings',
    {
      schema: {
        tags,
        security,
        summary: 'Bookings of a period, filtered, one cursor page at a time, with KPIs of the whole filter',
        querystring: bookingsQuerySchema,
        response: { 200: bookingsPageSchema },
      },
    },
    // From the read cache between changes (http/back-office-answers.ts): twenty staff paging
    // through one month ask the same pages.
    async (request, reply) =>
      sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        bookingsPageSchema,
        { tables: BOOKINGS_PAGE_TABLES, boatIds: boatIdsOfScope(scopeOfRequest(request)) },
        (at) => bookingsPageUntil(at, caches, scopeOfRequest(request), request.query),
      ),
  );

  app.get(
    '/api/admin/bookings/export.csv',
    {
      // Every customer's name, e-mail and phone in one file: the second factor again (step-up).
      config: { ...audited('export.bookings_csv'), ...stepUp() },
      schema: {
        tags,
        security,
        summary: 'Every booking of the filter as CSV (UTF-8 with BOM, RFC 4180), streamed',
        querystring: bookingsQuerySchema,
        // No response schema: the body is a stream of text, which Fastify sends unserialized.
      },
    },
    async (request, reply) => {
      const fileName = bookingsCsvFileName(canaryDateKey(ctx.now()));
      const rows = exportBookingsCsv(ctx, scopeOfRequest(request), request.query);
      // The BOM makes Excel read the file as UTF-8, so accents and Cyrillic survive. The rows
      // stream out a page of bookings at a time (the service reads them in keyset pages).
      async function* file() {
        yield '\uFEFF';
        yield* rows;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename=${fileName}`)
        .send(Readable.from(file()));
    },
  );

  app.get(
    '/api/admin/bookings/channels',
    {
      schema: {
        tags,
        security,
        summary:
          'Per channel, the bookings sold in a month (by sale or trip date): retail, commission, net, refunds, revenue (euros)',
        querystring: channelReportQuerySchema,
        response: { 200: channelReportSchema },
      },
    },
    async (request) => channelReport(ctx.db, scopeOfRequest(request), request.query),
  );

  app.get(
    '/api/admin/bookings/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One booking with its ledger: payments, refunds and the net received (euros)',
        params: idParams,
        response: { 200: adminBookingDetailsSchema },
      },
    },
    async (request) => {
      return getAdminBookingDetails(ctx.db, scopeOfRequest(request), request.params.id);
    },
  );

  app.patch(
    '/api/admin/bookings/:id',
    {
      config: audited('booking.confirm'),
      schema: {
        tags,
        security,
        summary: 'Confirm a paid booking',
        params: idParams,
        body: bookingStatusPatchSchema,
        response: { 200: adminBookingSchema },
      },
    },
    async (request) => confirmBooking(ctx, request.params.id, adminOf(request)),
  );

  app.post(
    '/api/admin/bookings/:id/cancel',
    {
      config: audited('booking.cancel'),
      schema: {
        tags,
        security,
        summary: 'Cancel a pending, paid or confirmed booking, releasing its seats or hours',
        description:
          '`reason`: the internal note, kept in the booking history and never e-mailed. `message`: optional, sent to the customer as written in their cancellation e-mail.',
        params: idParams,
        body: actionBody,
        response: { 200: adminBookingSchema },
      },
    },
    async (request) =>
      cancelBooking(ctx, request.params.id, adminOf(request), {
        reason: request.body?.reason,
        message: request.body?.message,
      }),
  );

  app.post(
    '/api/admin/bookings/:id/accept',
    {
      config: audited('booking.accept'),
      schema: {
        tags,
        security,
        summary: 'Accept a request-to-book: its card authorization is captured and the booking is paid',
        description:
          '409 request_decided when it was declined, lapsed or accepted already, request_expired after its deadline; 502 capture_failed when the provider refuses (nothing charged, the request is canceled).',
        params: idParams,
        response: { 200: adminBookingSchema },
      },
    },
    async (request) => acceptBookingRequest(ctx, request.params.id, adminOf(request)),
  );

  app.post(
    '/api/admin/bookings/:id/decline',
    {
      config: audited('booking.decline'),
      schema: {
        tags,
        security,
        summary:
          'Decline a request-to-book with a reason code (the customer reads it translated; the note stays in the history): its card authorization is canceled, nothing charged',
        description: '409 request_decided when it was already declined, lapsed or accepted.',
        params: idParams,
        body: requestDeclineSchema,
        response: { 200: adminBookingSchema },
      },
    },
    async (request) => declineBookingRequest(ctx, request.params.id, adminOf(request), request.body),
  );

  // Test bookings only: the journeys' server keeps the real clock, so a request's deadline is
  // brought forward for one request instead (docs/payments.md#request-to-book).
  if (ctx.payments.name === 'sandbox') {
    app.post(
      '/api/admin/bookings/:id/lapse',
      {
        config: audited('booking.lapse'),
        schema: {
          tags,
          security,
          summary: 'Sandbox only: an unanswered request reaches its deadline now and lapses',
          description:
            'Only with PAYMENTS=sandbox (test bookings). The request lapses exactly as the job lapses it at its deadline: its authorization is canceled, nothing charged, the customer told. 409 request_decided when it was answered already.',
          params: idParams,
          response: { 200: adminBookingSchema },
        },
      },
      async (request) => lapseBookingRequestNow(ctx, request.params.id, adminOf(request)),
    );
  }

  app.post(
    '/api/admin/bookings/:id/refund',
    {
      // Above STEP_UP_REFUND_EUR, counted with the account's recent refunds and the booking's
      // earlier ones, the second factor is asked for again (modules/auth/step-up.ts).
      config: { ...audited('booking.refund'), ...stepUpAboveRefundLimit() },
      schema: {
        tags,
        security,
        summary: 'Refund a canceled booking, or part of one that sails as a goodwill gesture',
        description:
          'A canceled booking: refunds `amount` euros (a partial refund) or, by default, all of the net received. A paid, confirmed or completed one: a goodwill refund (cause goodwill) of `amount`, with a `reason` the customer reads (400 naming body.reason without one); the booking keeps its status, seats and tickets, so before the trip the amount is less than what it holds (409 goodwill_is_cancellation: all of it is a cancellation). 409 nothing_to_refund when nothing was received, refund_exceeds_received when the amount is larger.',
        params: idParams,
        body: bookingRefundBodySchema.nullable(),
        response: { 200: adminBookingSchema },
      },
    },
    async (request) =>
      refundByOperator(ctx, request.params.id, adminOf(request), {
        reason: request.body?.reason,
        amountCents: request.body?.amount !== undefined ? eurosToCents(request.body.amount) : undefined,
      }),
  );
};
