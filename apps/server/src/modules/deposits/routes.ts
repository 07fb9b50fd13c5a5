// The security deposit's calls (docs/payments.md#the-security-deposit): the back office's release,
// damage claim and harbour deposit (the admin or the boat's owner, audited), the admin's decision
// on a disputed claim (the platform alone), and the customer's view, new card and answer to a
// claim on manage my booking (the manage token).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eurosToCents } from '@boats/domain/money';
import { uuid } from '@boats/domain/schemas/common';
import {
  depositActionAnswerSchema,
  depositAnswerSchema,
  depositClaimAnswerBodySchema,
  depositClaimBodySchema,
  depositClaimDecisionBodySchema,
  depositHarbourBodySchema,
  disputedClaimsAnswerSchema,
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
  confirmDepositCard,
  depositCardIntent,
  releaseDeposit,
  takeDepositAtHarbour,
} from './deposit-service';
import {
  answerClaim,
  claimUntil,
  decideClaim,
  depositWithClaim,
  disputedClaims,
  fileClaim,
} from './claim-service';

const idParams = z.object({ id: uuid });
const tags = ['deposits'];
const security = [{ bearer: [] }];
/** A person presses a few times; nobody needs more. */
const CUSTOMER_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 } as const;

/** An action's answer: the deposit (which the booking has, or the call was refused) and its claim. */
function withDeposit(found: Awaited<ReturnType<typeof depositWithClaim>>) {
  if (!found.deposit) throw notFound('Deposit');
  return { deposit: found.deposit, claim: found.claim };
}

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
      return {
        ...(await depositWithClaim(ctx, request.params.id)),
        claimUntil: await claimUntil(ctx, request.params.id),
      };
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
    '/api/admin/bookings/:id/deposit/claim',
    {
      config: audited('booking.deposit_claim'),
      schema: {
        tags,
        security,
        summary: 'Claim part or all of the deposit for damage, with a note and the return photos it rests on',
        description:
          "Within the boat's claim window after the return's condition record (409 claim_window_closed), `amount` in euros never more than the deposit (409 capture_exceeds_deposit), one per booking (409 claim_exists), photos among the return record's (400). The customer is e-mailed and accepts or disputes it; the capture follows the answer, the deadline or the admin's decision (docs/decisions/0040).",
        params: idParams,
        body: depositClaimBodySchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      const admin = await inScope(request, request.params.id);
      await fileClaim(ctx, request.params.id, admin, {
        amountCents: eurosToCents(request.body.amount),
        note: request.body.note,
        photos: request.body.photos,
      });
      return withDeposit(await depositWithClaim(ctx, request.params.id));
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
      return depositWithClaim(ctx, request.params.id);
    },
  );

  app.post(
    '/api/bookings/:id/deposit/claim/answer',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: CUSTOMER_RATE_LIMIT },
      schema: {
        tags,
        summary: 'The customer accepts a damage claim, or disputes it in writing (manage token)',
        description:
          "Until the claim's answerBy (409 claim_answer_closed), once (409 claim_answered). Accepted: the amount is captured and the rest released. Disputed: the admin decides.",
        params: idParams,
        body: depositClaimAnswerBodySchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      await bookingForToken(ctx, request.params.id, request.body.token);
      const { token: _token, ...answer } = request.body;
      await answerClaim(ctx, request.params.id, answer);
      return withDeposit(await depositWithClaim(ctx, request.params.id));
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

/**
 * The platform admin alone (never an owner, who is a party): the disputed damage claims, and the
 * decision on one (docs/decisions/0040).
 */
export const depositDisputeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/deposit-claims',
    {
      schema: {
        tags,
        security,
        summary: 'The disputed damage claims waiting for the admin, the soonest to lapse first',
        response: { 200: disputedClaimsAnswerSchema },
      },
    },
    async () => ({ claims: await disputedClaims(ctx.db) }),
  );

  app.post(
    '/api/admin/deposit-claims/:id/decision',
    {
      config: audited('booking.deposit_decide'),
      schema: {
        tags,
        security,
        summary: 'Decide a disputed claim: euros kept (0 to the claim; 0 releases the deposit) and why',
        description:
          'The booking id names the claim. The capture (or the release) follows at once; the owner and the customer are e-mailed. 409 claim_not_disputed, decision_exceeds_claim, deposit_lapsed.',
        params: idParams,
        body: depositClaimDecisionBodySchema,
        response: { 200: depositActionAnswerSchema },
      },
    },
    async (request) => {
      await decideClaim(ctx, request.params.id, adminOf(request), {
        amountCents: eurosToCents(request.body.amount),
        reason: request.body.reason,
      });
      return withDeposit(await depositWithClaim(ctx, request.params.id));
    },
  );
};
