// Earnings and payouts (docs/payments.md#from-a-card-to-an-owners-bank). The admin's:
// GET /api/admin/payouts, POST /api/admin/payouts/run, POST /api/admin/payouts/owners/{id}/hold.
// The owner's own (scoped by the token's owner, never by a parameter): GET /api/owner/earnings,
// GET /api/owner/payouts, GET /api/owner/statement, POST /api/owner/payouts/account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToEuros } from '@boats/domain/money';
import {
  adminPayoutsResponseSchema,
  ownerEarningsResponseSchema,
  ownerPayoutsResponseSchema,
  ownerStatementResponseSchema,
  payoutAccountResponseSchema,
  payoutHoldSchema,
  payoutRunResponseSchema,
} from '@boats/domain/schemas/payouts';
import { uuid } from '@boats/domain/schemas/common';
import { periodSchema } from '@boats/domain/schemas/invoices';
import { ADMIN_PATHS } from '@boats/domain/public-paths';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { adminOf, readerKeyOf } from '../auth/require-admin';
import { findOwner } from '../owners/owner-repository';
import { ownerIdOf } from '../owners/owner-of-request';
import { setPayoutsOnHold } from './payout-repository';
import { payoutDetailsChanging } from './payout-details';
import { runPayouts } from './payout-service';
import {
  adminPayouts,
  OWNER_MONEY_TABLES,
  ownerEarningsUntil,
  ownerPayouts,
  ownerStatement,
} from './payout-views';
import { boatIdsOfScope, ownerScope } from '../owner-scope/owner-scope';
import { sendBackOfficeAnswer } from '../../http/back-office-answers';
import type { ReadCaches } from '../../http/read-caches';
import { audited, noteAudit } from '../audit/audit-trail';
import { stepUp, stepUpWhen } from '../auth/step-up';

const security = [{ bearer: [] }];

export const adminPayoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every owner’s balance due and the latest payouts with their state (euros)',
        security,
        response: { 200: adminPayoutsResponseSchema },
      },
    },
    async () => adminPayouts(ctx),
  );

  app.post(
    '/api/admin/payouts/run',
    {
      // Sends the owners' balances to their accounts now: step-up.
      config: { ...audited('payout.run'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary: 'Runs payouts now: each active owner’s payable balance, at least PAYOUT_MINIMUM',
        security,
        response: { 200: payoutRunResponseSchema },
      },
    },
    async (request) => {
      const report = await runPayouts(ctx, adminOf(request).email);
      const euros = <T extends { amountCents: number }>({ amountCents, ...rest }: T) => ({
        ...rest,
        amount: centsToEuros(amountCents),
      });
      return {
        paid: report.paid.map(euros),
        failed: report.failed.map(euros),
        pending: report.pending,
        skipped: report.skipped.map(({ balanceCents, ...rest }) => ({
          ...rest,
          balance: centsToEuros(balanceCents),
        })),
      };
    },
  );

  app.post(
    '/api/admin/payouts/owners/:ownerId/hold',
    {
      // Releasing a hold lets the owner's money go at the next run: step-up (putting one on does not).
      config: {
        ...audited('payout.hold', { object: 'ownerId' }),
        ...stepUpWhen<z.infer<typeof payoutHoldSchema>>((_ctx, { body }) => !body.onHold),
      },
      schema: {
        tags: ['admin'],
        summary: 'Puts an owner’s payouts on hold (runs leave the balance) or releases them',
        security,
        params: z.object({ ownerId: uuid }),
        body: payoutHoldSchema,
        response: { 200: payoutHoldSchema },
      },
    },
    async (request) => {
      const owner = await setPayoutsOnHold(ctx.db, request.params.ownerId, request.body.onHold);
      if (!owner) throw notFound('Owner');
      noteAudit({ changes: { payoutsOnHold: { before: null, after: owner.payoutsOnHold } } });
      return { onHold: owner.payoutsOnHold };
    },
  );
};

const ownerQuery = z.object({ ownerId: uuid.optional() });
const ownerMonthQuery = ownerQuery.extend({ month: periodSchema.optional() });
const ownerStatementQuery = ownerQuery.extend({ month: periodSchema });

/** The owner's reads come from the read cache between changes (http/back-office-answers.ts). */
export const ownerPayoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/api/owner/earnings',
    {
      schema: {
        tags: ['owner'],
        summary: 'The signed-in owner’s balance, the months with earnings, and one month’s lines (euros)',
        security,
        querystring: ownerMonthQuery,
        response: { 200: ownerEarningsResponseSchema },
      },
    },
    async (request, reply) => {
      const ownerId = ownerIdOf(request);
      return sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        ownerEarningsResponseSchema,
        { tables: OWNER_MONEY_TABLES, boatIds: boatIdsOfScope(ownerScope(ownerId)) },
        (at) => ownerEarningsUntil(at, ownerId, request.query.month),
      );
    },
  );

  app.get(
    '/api/owner/statement',
    {
      schema: {
        tags: ['owner'],
        summary: 'One month’s statement: its earning lines and its payouts with their lines (euros)',
        security,
        querystring: ownerStatementQuery,
        response: { 200: ownerStatementResponseSchema },
      },
    },
    async (request, reply) => {
      const ownerId = ownerIdOf(request);
      return sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        ownerStatementResponseSchema,
        { tables: OWNER_MONEY_TABLES, boatIds: boatIdsOfScope(ownerScope(ownerId)) },
        async (at) => ({
          answer: await ownerStatement(at, ownerId, request.query.month),
        }),
      );
    },
  );

  app.get(
    '/api/owner/payouts',
    {
      schema: {
        tags: ['owner'],
        summary: 'The signed-in owner’s latest payouts, each with how many lines it carries (euros)',
        security,
        querystring: ownerQuery,
        response: { 200: ownerPayoutsResponseSchema },
      },
    },
    async (request, reply) => {
      const ownerId = ownerIdOf(request);
      return sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        ownerPayoutsResponseSchema,
        { tables: OWNER_MONEY_TABLES, boatIds: boatIdsOfScope(ownerScope(ownerId)) },
        async (at) => {
          const answer = await ownerPayouts(at, ownerId);
          // The hold ends with no write: the answer is good until then.
          return {
            answer,
            validUntil: answer.payoutsHeldUntil ? Date.parse(answer.payoutsHeldUntil) : undefined,
          };
        },
      );
    },
  );

  app.post(
    '/api/owner/payouts/account',
    {
      // Where the money goes: the second factor again (step-up).
      config: { ...audited('payout.account', { object: null }), ...stepUp() },
      schema: {
        tags: ['owner'],
        summary:
          'The owner’s payout account and the provider’s page for their bank details; asks for the second factor again (step-up), tells the owner’s address and holds payouts PAYOUT_HOLD_AFTER_CHANGE_HOURS',
        security,
        querystring: ownerQuery,
        response: { 200: payoutAccountResponseSchema },
      },
    },
    async (request) => {
      const owner = await findOwner(ctx.db, ownerIdOf(request));
      if (!owner) throw notFound('Owner');
      // The provider sends the owner back to their earnings page in the back office.
      const back = `${ctx.config.publicUrl}${ADMIN_PATHS.earnings}`;
      const onboarding = await ctx.payouts.onboarding(owner, { returnUrl: back, refreshUrl: back });
      await payoutDetailsChanging(ctx, owner, onboarding.account, adminOf(request).email);
      return onboarding;
    },
  );
};
