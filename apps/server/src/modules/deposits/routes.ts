// The security deposit's calls (docs/payments.md#the-security-deposit): the back office's release,
// capture and harbour deposit (the admin or the boat's owner, audited), and the customer's view
// and new card on manage my booking (the manage token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eurosToCents } from '@boats/domain/money';
import { uuid } from '@boats/domain/schemas/common';
import {
  depositActionAnswerSchema,
  depositAnswerSchema,
  depositCaptureBodySchema,
  depositHarbourBodySchema,
} from '@boats/domain/schemas/deposit';
import { manageTokenQuerySchema, requestWithdrawSchema } from '@boats/domain/schemas/manage-booking';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { noStore } from '../../http/no-store';
import { audited } from '../audit/audit-trail';
import { adminOf } from '../auth/require-admin';
import { bookingForToken } from '../manage-booking/manage-service';
import { scopeOf } from '../owner-scope/owner-scope';
import {
  bookingInScope,
  captureDeposit,
  confirmDepositCard,
  depositCardIntent,
  depositOf,
  depositView,
  releaseDeposit,
  takeDepositAtHarbour,
} from './deposit-service';

const idParams = z.object({ id: uuid });
const tags = ['deposits'];
const security = [{ bearer: [] }];
/** A person presses a few times; nobody needs more. */
const CUSTOMER_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;

/** Back office: the admin, or the owner of the booking's boat (another owner's booking is a 404). */
export const depositStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  async function inScope(request: Parameters<typeof adminOf>[0], id: string) {
    const admin = adminOf(request);
    if (!(await bookingInScope(ctx.db, scopeOf(admin), id))) throw notFound('Booking');
    return admin;
  }

  app.get(
    '/api/admin/bookings/:id/deposit',
    {
      schema: {
        tags,
        security,
        summary: "A booking's security deposit: its amount, state, what was kept and why",
        params: idParams,
        response: { 200: depositAnswerSchema },
      },
    },
    async (request) => {
      await inScope(request, request.params.id);
      const row = await depositOf(ctx.db, request.params.id);
      return { deposit: row ? depositView(row) : null };
    },
  );

  app.post(
    '/api/admin/bookings/:id/deposit/release',
    {
      config: audited('booking.deposit_release'),
      schema: {
        tags,
        security,
        summary: 'After the return: give the deposit back in full (the card authorisation canceled)',
        description:
          '409 deposit_not_held when it is not held (scheduled, failed or decided), deposit_lapsed when the card authorisation had lapsed.',
        params: idParams,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      const admin = await inScope(request, request.params.id);
      return { deposit: await releaseDeposit(ctx, request.params.id, admin) };
    },
  );

  app.post(
    '/api/admin/bookings/:id/deposit/capture',
    {
      config: audited('booking.deposit_capture'),
      schema: {
        tags,
        security,
        summary:
          'Keep part or all of the deposit for documented damage, with the reason the customer is told',
        description:
          "`amount` in euros, never more than the deposit (409 capture_exceeds_deposit); the rest is released. The amount kept is the owner's earning on a line of its own, without commission. 409 deposit_not_held, deposit_lapsed.",
        params: idParams,
        body: depositCaptureBodySchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      const admin = await inScope(request, request.params.id);
      return {
        deposit: await captureDeposit(ctx, request.params.id, admin, {
          amountCents: eurosToCents(request.body.amount),
          reason: request.body.reason,
        }),
      };
    },
  );

  app.post(
    '/api/admin/bookings/:id/deposit/harbour',
    {
      config: audited('booking.deposit_harbour'),
      schema: {
        tags,
        security,
        summary:
          'The deposit taken at the harbour (cash, card terminal or bank transfer) instead of on the card',
        description:
          'For a deposit the card refused, one not yet held, or a booking of a boat with a deposit sold without the card. 409 deposit_decided once held or decided.',
        params: idParams,
        body: depositHarbourBodySchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      const admin = await inScope(request, request.params.id);
      return { deposit: await takeDepositAtHarbour(ctx, request.params.id, admin, request.body.method) };
    },
  );
};

/**
 * The harbour, for staff (crew included): the deposit taken in person before departure, on the
 * booking of one of their owner's boats, as the back office's call records it.
 */
export const depositCrewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/crew/bookings/:id/deposit/harbour',
    {
      config: audited('booking.deposit_harbour'),
      schema: {
        tags,
        security,
        summary: 'Crew at the harbour: the deposit taken in cash, by card terminal or bank transfer',
        description:
          "The same as POST /api/admin/bookings/{id}/deposit/harbour, for the staff of the boat's owner (crew included). 409 deposit_decided once held or decided, no_deposit for a boat that asks none.",
        params: idParams,
        body: depositHarbourBodySchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      const staff = adminOf(request);
      if (!(await bookingInScope(ctx.db, scopeOf(staff), request.params.id))) throw notFound('Booking');
      return { deposit: await takeDepositAtHarbour(ctx, request.params.id, staff, request.body.method) };
    },
  );
};

/** Manage my booking: the deposit's state, and another card for a deposit the card refused. */
export const depositCustomerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onSend', noStore);

  app.get(
    '/api/bookings/:id/deposit',
    {
      schema: {
        tags,
        summary: "The booking's security deposit as its customer sees it (manage token); null: none",
        params: idParams,
        querystring: manageTokenQuerySchema,
        response: { 200: depositAnswerSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.query.token);
      const row = await depositOf(ctx.db, request.params.id);
      return { deposit: row ? depositView(row) : null };
    },
  );

  app.post(
    '/api/bookings/:id/deposit/card',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: CUSTOMER_RATE_LIMIT },
      schema: {
        tags,
        summary:
          'Another card for a deposit the card refused (manage token): an authorisation to pay with the card step',
        description:
          "Answers the client secret of an intent of the deposit's amount, authorised only (never charged unless damage is claimed). 409 deposit_not_failed when the deposit needs no other card.",
        params: idParams,
        body: requestWithdrawSchema,
        response: { 200: z.object({ clientSecret: z.string(), amount: z.number() }) },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.body.token);
      return depositCardIntent(ctx, request.params.id);
    },
  );

  app.post(
    '/api/bookings/:id/deposit/confirm',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: CUSTOMER_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Back from the new card: the deposit is held once the card authorised it (manage token)',
        params: idParams,
        body: requestWithdrawSchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.body.token);
      return { deposit: await confirmDepositCard(ctx, request.params.id) };
    },
  );
};
