// The admin's resellers: list, create, issue and revoke API keys (registered in the admin-only
// plugin of back-office-routes.ts). The OCTO API they call is modules/octo/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { monthHasEnded } from '@boats/domain/canary-time';
import { uuid } from '@boats/domain/schemas/common';
import {
  addedWebhookResponseSchema,
  issueApiKeyInputSchema,
  issuedApiKeyResponseSchema,
  resellerApiKeySchema,
  resellerBoatChoicesResponseSchema,
  resellerBoatsInputSchema,
  resellerInputSchema,
  resellerResponseSchema,
  resellersListResponseSchema,
  resellerWebhookInputSchema,
  resellerSettlementInputSchema,
  resellerStatementQuerySchema,
  resellerStatementSchema,
  resellerWebhookSchema,
  webhookSecretResponseSchema,
  resellerBillingInputSchema,
  resellerHoldLimitsInputSchema,
  resellerInvoicesResponseSchema,
  issueResellerInvoicesInputSchema,
} from '@boats/domain/schemas/resellers';
import { missingBilling } from '@boats/domain/reseller-invoice';
import { languageOf } from '@boats/domain/languages';
import type { AppContext } from '../../context';
import { audited, noteAudit } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';
import { notFound } from '../../http/errors';
import type { ResellerInvoicesResponse } from '@boats/domain/schemas/resellers';
import {
  createReseller,
  issueApiKey,
  resellerBoatChoices,
  resellersWithKeys,
  revokeKey,
  setResellerBoats,
  setResellerBilling,
  setResellerHoldLimits,
  webhookAdminWire,
} from './reseller-service';
import {
  billingOf,
  issueResellerMonth,
  resellerInvoicesOfMonth,
  uninvoicedSalesOfMonth,
} from '../invoices/reseller-invoices';
import { resellerInvoicePdf } from '../invoices/reseller-invoice-pdf';
import { conflict } from '../../http/errors';
import { registerWebhook, removeWebhook, rotateWebhookSecret } from './reseller-webhooks';
import { findReseller } from './reseller-repository';
import { resellerStatement, settleReseller } from './reseller-statement';
import { adminOf } from '../auth/require-admin';

const security = [{ bearer: [] }];

export const adminResellerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/resellers',
    {
      schema: {
        tags: ['admin'],
        summary: 'The resellers with their API keys (never the keys themselves)',
        security,
        response: { 200: resellersListResponseSchema },
      },
    },
    async () => ({ items: await resellersWithKeys(ctx) }),
  );

  app.post(
    '/api/admin/resellers',
    {
      config: audited('reseller.create'),
      schema: {
        tags: ['admin'],
        summary: 'Adds a reseller: its contact, commission and cancellation agreement',
        security,
        body: resellerInputSchema,
        response: { 200: resellerResponseSchema },
      },
    },
    async (request) => {
      const reseller = await createReseller(ctx, request.body);
      noteAudit({ objectId: reseller._id });
      return { reseller };
    },
  );

  app.get(
    '/api/admin/resellers/boats',
    {
      schema: {
        tags: ['admin'],
        summary: 'The boats a reseller may be given: each with its owner and the owner’s opt-in',
        security,
        response: { 200: resellerBoatChoicesResponseSchema },
      },
    },
    async () => ({ items: await resellerBoatChoices(ctx) }),
  );

  app.put(
    '/api/admin/resellers/:id/boats',
    {
      config: audited('reseller.boats'),
      schema: {
        tags: ['admin'],
        summary:
          'Which boats the reseller may sell: a list, or every boat whose owner opts in; a boat its owner opted out of cannot be added',
        security,
        params: z.object({ id: uuid }),
        body: resellerBoatsInputSchema,
        response: { 200: resellerResponseSchema },
      },
    },
    async (request) => ({ reseller: await setResellerBoats(ctx, request.params.id, request.body) }),
  );

  app.post(
    '/api/admin/resellers/:id/keys',
    {
      // A key sells the fleet's seats on the reseller's account: power given (step-up).
      config: { ...audited('reseller.issue_key'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary: 'Issues an API key for the OCTO API: the answer is the only time it is shown',
        security,
        params: z.object({ id: uuid }),
        body: issueApiKeyInputSchema,
        response: { 200: issuedApiKeyResponseSchema },
      },
    },
    async (request) => issueApiKey(ctx, request.params.id, request.body.label),
  );

  app.post(
    '/api/admin/resellers/:id/keys/:keyId/revoke',
    {
      config: audited('reseller.revoke_key'),
      schema: {
        tags: ['admin'],
        summary: 'Revokes an API key: calls with it are refused from now on',
        security,
        params: z.object({ id: uuid, keyId: uuid }),
        response: { 200: z.object({ key: resellerApiKeySchema }) },
      },
    },
    async (request) => ({ key: await revokeKey(ctx, request.params.id, request.params.keyId) }),
  );

  app.post(
    '/api/admin/resellers/:id/webhooks',
    {
      // Where the reseller's bookings are told, signed with a secret shown once: step-up.
      config: { ...audited('reseller.add_webhook'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Adds a webhook: where the reseller is told of changes made on our side (OCTO booking_update)',
        description:
          'The reseller’s first webhook also makes its signing secret, answered this once (`secret`, else null).',
        security,
        params: z.object({ id: uuid }),
        body: resellerWebhookInputSchema,
        response: { 200: addedWebhookResponseSchema },
      },
    },
    async (request) => {
      if (!(await findReseller(ctx.db, request.params.id))) throw notFound('Reseller');
      const { webhook, secret } = await registerWebhook(
        ctx,
        request.params.id,
        { url: request.body.url, event: 'booking_update' },
        ['octo/pricing'],
      );
      return { webhook: webhookAdminWire(webhook), secret };
    },
  );

  app.delete(
    '/api/admin/resellers/:id/webhooks/:webhookId',
    {
      config: audited('reseller.remove_webhook'),
      schema: {
        tags: ['admin'],
        summary: 'Removes a webhook: its undelivered messages are dropped',
        security,
        params: z.object({ id: uuid, webhookId: uuid }),
        response: { 200: z.object({ webhook: resellerWebhookSchema }) },
      },
    },
    async (request) => {
      const removed = await removeWebhook(ctx, request.params.id, request.params.webhookId);
      if (!removed) throw notFound('Webhook');
      return { webhook: webhookAdminWire(removed) };
    },
  );

  app.post(
    '/api/admin/resellers/:id/webhook-secret',
    {
      // A new signing secret, shown once: step-up.
      config: { ...audited('reseller.rotate_webhook_secret'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary: 'A new secret signing the reseller’s webhooks: the answer is the only time it is shown',
        security,
        params: z.object({ id: uuid }),
        response: { 200: webhookSecretResponseSchema },
      },
    },
    async (request) => ({ secret: await rotateWebhookSecret(ctx, request.params.id) }),
  );

  app.get(
    '/api/admin/resellers/:id/statement',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A reseller’s Canary month: its sales on account, cancellations, settlements and balance (euros)',
        security,
        params: z.object({ id: uuid }),
        querystring: resellerStatementQuerySchema,
        response: { 200: resellerStatementSchema },
      },
    },
    async (request) => resellerStatement(ctx, request.params.id, request.query.month),
  );

  app.post(
    '/api/admin/resellers/:id/settlements',
    {
      // Money recorded as received lowers what the reseller owes: step-up.
      config: { ...audited('reseller.settle'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Records a payment the reseller made against its account; more than it owes is a 400 naming amount',
        security,
        params: z.object({ id: uuid }),
        body: resellerSettlementInputSchema,
        response: { 200: z.object({ settlementId: z.string(), balance: z.number() }) },
      },
    },
    async (request) => settleReseller(ctx, request.params.id, request.body, adminOf(request).email),
  );

  app.put(
    '/api/admin/resellers/:id/billing',
    {
      config: audited('reseller.billing'),
      schema: {
        tags: ['admin'],
        summary:
          'Sets whom the platform’s invoices to the reseller name: legal name, tax id (checked against the country), country, address',
        security,
        params: z.object({ id: uuid }),
        body: resellerBillingInputSchema,
        response: { 200: resellerResponseSchema },
      },
    },
    async (request) => ({ reseller: await setResellerBilling(ctx, request.params.id, request.body) }),
  );

  app.put(
    '/api/admin/resellers/:id/hold-limits',
    {
      config: audited('reseller.hold_limits'),
      schema: {
        tags: ['admin'],
        summary:
          'Sets what the reseller’s keys may hold unconfirmed: share of a trip (%), seats per trip, reservations at once, a hold’s longest life (minutes); null for the server’s setting; a value out of range is a 400 naming it',
        security,
        params: z.object({ id: uuid }),
        body: resellerHoldLimitsInputSchema,
        response: { 200: resellerResponseSchema },
      },
    },
    async (request) => ({
      reseller: await setResellerHoldLimits(ctx, request.params.id, request.body),
    }),
  );

  const invoicesOf = async (resellerId: string, month: string): Promise<ResellerInvoicesResponse> => {
    const reseller = await findReseller(ctx.db, resellerId);
    if (!reseller) throw notFound('Reseller');
    return {
      month,
      closed: monthHasEnded(month, ctx.now()),
      missingBilling: missingBilling(billingOf(reseller)),
      uninvoicedSales: await uninvoicedSalesOfMonth(ctx, resellerId, month),
      invoices: await resellerInvoicesOfMonth(ctx.db, resellerId, month),
    };
  };

  app.get(
    '/api/admin/resellers/:id/invoices',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The platform’s invoices to the reseller for a Canary month, with the billing details it lacks and the sales still waiting',
        security,
        params: z.object({ id: uuid }),
        querystring: resellerStatementQuerySchema,
        response: { 200: resellerInvoicesResponseSchema },
      },
    },
    async (request) => invoicesOf(request.params.id, request.query.month),
  );

  app.post(
    '/api/admin/resellers/:id/invoices',
    {
      config: audited('reseller.issue_invoices'),
      schema: {
        tags: ['admin'],
        summary:
          'Issues an ended month’s invoices to the reseller, one per issuer not yet issued (400 naming `body.month` for a month not ended, 409 for billing details missing)',
        security,
        params: z.object({ id: uuid }),
        body: issueResellerInvoicesInputSchema,
        response: { 200: resellerInvoicesResponseSchema },
      },
    },
    async (request) => {
      const { month } = request.body;
      if (!(await findReseller(ctx.db, request.params.id))) throw notFound('Reseller');
      // A month not ended is refused first (400 naming body.month), then missing billing details.
      const { missing } = await issueResellerMonth(ctx, request.params.id, month, adminOf(request).email);
      if (missing.length > 0) {
        throw conflict(
          'billing_missing',
          `The reseller's billing details are missing: ${missing.join(', ')}.`,
          {
            missing,
          },
        );
      }
      return invoicesOf(request.params.id, month);
    },
  );

  app.get(
    '/api/admin/resellers/:id/invoices/:invoiceId/pdf',
    {
      schema: {
        tags: ['admin'],
        summary: 'One of the reseller’s invoices as a PDF with its VERI*FACTU QR code, in the language asked',
        security,
        params: z.object({ id: uuid, invoiceId: uuid }),
        querystring: z.object({ lang: z.string().max(5).optional() }),
      },
    },
    async (request, reply) => {
      const file = await resellerInvoicePdf(
        ctx.db,
        ctx.config,
        request.params.id,
        request.params.invoiceId,
        languageOf(request.query.lang),
      );
      if (!file) throw notFound('Invoice');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(Buffer.from(file.pdf));
    },
  );
};
