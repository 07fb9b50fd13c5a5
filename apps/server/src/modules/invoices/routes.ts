// Commission invoices and the platform month (docs/payments.md#commission-invoices). The owner's
// (scoped at the repository by the token's owner; the platform admin reads every owner's, or one
// with ?ownerId=): GET /api/owner/invoices, GET /api/owner/invoices/{id}, and the owner's invoicing
// settings, GET and PUT /api/owner/invoicing (an owner's own; the admin names the owner). The admin's:
// POST /api/admin/invoices/issue, GET /api/admin/earnings/month; and the corrections that issue a
// document: POST /api/admin/invoicing/customer-invoices/{id}/cancellation (a full invoice issued by
// mistake cancelled by a registro de anulación), POST /api/admin/invoicing/customer-invoices/{id}/recipient
// and …/commission-invoices/{id}/recipient (the recipient's data changed by a rectifying invoice by
// substitution).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lastEndedMonth } from '@boats/domain/canary-time';
import { centsToEuros } from '@boats/domain/money';
import { languageCode, uuid } from '@boats/domain/schemas/common';
import {
  invoiceSchema,
  invoicesResponseSchema,
  issueInvoicesRequestSchema,
  issueInvoicesResponseSchema,
  periodSchema,
  platformMonthSchema,
} from '@boats/domain/schemas/invoices';
import {
  customerInvoiceDetailSchema,
  customerInvoicesResponseSchema,
  ownerInvoicingResponseSchema,
  ownerInvoicingUpdateSchema,
} from '@boats/domain/schemas/owner-invoicing';
import {
  cancelledInvoiceSchema,
  recipientChangeSchema,
  recipientChangedSchema,
} from '@boats/domain/schemas/invoicing';
import { customerInvoicesOfOwner, findCustomerInvoice } from './customer-invoices';
import { customerInvoiceDetail } from './customer-invoice-detail';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { adminOf } from '../auth/require-admin';
import { lineRefundsCents } from '../earnings/earnings';
import { platformMonth } from '../earnings/platform-month';
import { EVERY_OWNER, ownerScope, scopeOf, type OwnerScope } from '../owner-scope/owner-scope';
import { invoiceDetail, toSummary } from './invoice-detail';
import { findInvoice, listInvoices, type InvoiceRow } from './invoice-repository';
import { issueInvoices } from './invoice-service';
import { audited } from '../audit/audit-trail';
import { ownerIdOf } from '../owners/owner-of-request';
import { ownerInvoicing, updateOwnerInvoicing } from './owner-invoicing';
import { stepUp } from '../auth/step-up';
import { cancelCustomerInvoice } from './invoice-cancellation';
import { changeCommissionInvoiceRecipient, changeCustomerInvoiceRecipient } from './recipient-change';

const security = [{ bearer: [] }];

/** An owner's own; the admin's every owner's, or the one named by ?ownerId=. */
function invoiceScope(request: FastifyRequest & { query: { ownerId?: string | undefined } }): OwnerScope {
  const user = adminOf(request);
  if (user.role === 'admin') return request.query.ownerId ? ownerScope(request.query.ownerId) : EVERY_OWNER;
  return scopeOf(user);
}

const ownerQuery = z.object({ ownerId: uuid.optional() });

export const ownerInvoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/owner/invoicing',
    {
      schema: {
        tags: ['owner'],
        summary:
          'The owner’s invoicing settings: whether the platform invoices their customers in their name (since when), their IGIC regime',
        security,
        querystring: ownerQuery,
        response: { 200: ownerInvoicingResponseSchema },
      },
    },
    async (request) => ({ settings: await ownerInvoicing(ctx, ownerIdOf(request)) }),
  );

  app.get(
    '/api/owner/customer-invoices',
    {
      schema: {
        tags: ['owner'],
        summary:
          'The invoices the platform issued to the owner’s customers in the owner’s name, newest first',
        security,
        querystring: ownerQuery,
        response: { 200: customerInvoicesResponseSchema },
      },
    },
    async (request) => ({
      invoices: (await customerInvoicesOfOwner(ctx.db, ownerIdOf(request))).map((i) => ({
        _id: i.id,
        bookingId: i.bookingId,
        number: i.number,
        invoiceType: i.invoiceType,
        recipient: i.recipient?.name ?? null,
        total: centsToEuros(i.totalCents),
        issuedAt: i.issuedAt.toISOString(),
        cancelled: i.cancelled,
      })),
    }),
  );

  app.get(
    '/api/owner/customer-invoices/:id',
    {
      schema: {
        tags: ['owner'],
        summary:
          'One of the invoices issued to the owner’s customers, in full with its VERI*FACTU QR code (the printable page reads it); `lang`: a copy drawn in the reader’s language (by default the language it was issued in)',
        security,
        params: z.object({ id: uuid }),
        querystring: ownerQuery.extend({ lang: languageCode.optional() }),
        response: { 200: customerInvoiceDetailSchema },
      },
    },
    async (request) => {
      const invoice = await findCustomerInvoice(ctx.db, invoiceScope(request), request.params.id);
      if (!invoice) throw notFound('Invoice');
      return customerInvoiceDetail(ctx.db, ctx.config, invoice, request.query.lang);
    },
  );

  app.put(
    '/api/owner/invoicing',
    {
      config: audited('owner.invoicing', { object: null }),
      schema: {
        tags: ['owner'],
        summary:
          'Sets whether the platform invoices the owner’s customers in their name (turning it on records the acceptance) and their IGIC regime',
        security,
        querystring: ownerQuery,
        body: ownerInvoicingUpdateSchema,
        response: { 200: ownerInvoicingResponseSchema },
      },
    },
    async (request) => ({
      settings: await updateOwnerInvoicing(
        ctx,
        ownerIdOf(request),
        request.body,
        adminOf(request).role === 'admin' ? 'admin' : 'owner',
      ),
    }),
  );

  app.get(
    '/api/owner/invoices',
    {
      schema: {
        tags: ['owner'],
        summary: 'The platform’s commission invoices and credit notes to the signed-in owner, newest first',
        security,
        querystring: ownerQuery,
        response: { 200: invoicesResponseSchema },
      },
    },
    async (request) => ({ invoices: (await listInvoices(ctx.db, invoiceScope(request))).map(toSummary) }),
  );

  app.get(
    '/api/owner/invoices/:id',
    {
      schema: {
        tags: ['owner'],
        summary:
          'One invoice or credit note with both parties, its lines and its VERI*FACTU QR code (the printable page reads it)',
        security,
        params: z.object({ id: uuid }),
        querystring: ownerQuery,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => {
      const invoice = await invoiceDetail(ctx.db, ctx.config, invoiceScope(request), request.params.id);
      if (!invoice) throw notFound('Invoice');
      return invoice;
    },
  );
};

export const adminInvoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/admin/invoices/issue',
    {
      config: audited('invoice.issue'),
      schema: {
        tags: ['admin'],
        summary:
          'Issues an ended month’s commission invoices and credit notes now (default: the last month that has ended; 400 naming `body.period` for a month not ended)',
        security,
        body: issueInvoicesRequestSchema.optional(),
        response: { 200: issueInvoicesResponseSchema },
      },
    },
    async (request) => {
      const period = request.body?.period ?? lastEndedMonth(ctx.now());
      const issued = await issueInvoices(ctx, { period, actor: adminOf(request).email });
      const views = await Promise.all(issued.map((i: InvoiceRow) => findInvoice(ctx.db, EVERY_OWNER, i.id)));
      return { period, issued: views.filter((v) => v !== undefined).map(toSummary) };
    },
  );

  app.get(
    '/api/admin/earnings/month',
    {
      schema: {
        tags: ['admin'],
        summary: 'The platform’s month: gross sales, refunds, fees, owners’ shares, paid out, owed (euros)',
        security,
        querystring: z.object({ period: periodSchema.optional() }),
        response: { 200: platformMonthSchema },
      },
    },
    async (request) => {
      const period = request.query.period ?? lastEndedMonth(ctx.now());
      const m = await platformMonth(ctx.db, period);
      return {
        period,
        grossSales: centsToEuros(m.grossCents),
        refunds: centsToEuros(lineRefundsCents(m)),
        net: centsToEuros(m.netCents),
        fees: centsToEuros(m.feeCents),
        commissionIgic: centsToEuros(m.igicCents),
        ownersShares: centsToEuros(m.shareCents),
        paidOut: centsToEuros(m.paidOutCents),
        owed: centsToEuros(m.owedCents),
        movesCovered: centsToEuros(m.coveredCents),
        owners: m.owners.map((o) => ({
          ownerId: o.ownerId,
          displayName: o.displayName,
          net: centsToEuros(o.netCents),
          fee: centsToEuros(o.feeCents),
          igic: centsToEuros(o.igicCents),
          share: centsToEuros(o.shareCents),
        })),
      };
    },
  );

  app.post(
    '/api/admin/invoicing/customer-invoices/:id/cancellation',
    {
      // A fiscal record sent to the AEAT that takes a document out of the books: step-up.
      config: { ...audited('invoice.cancel'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Cancels a company’s full invoice (F3) issued by mistake: a registro de anulación, chained and sent to the AEAT; the number is never reused, and the simplified invoices it replaced stand again',
        description:
          '409 `not_cancellable` for any other document (what moved money is corrected by a rectifying invoice), `rectified` when a rectifying invoice names it since, `already_cancelled`.',
        security,
        params: z.object({ id: uuid }),
        response: { 200: cancelledInvoiceSchema },
      },
    },
    async (request) => {
      const invoice = await cancelCustomerInvoice(ctx, request.params.id);
      return { _id: invoice.id, number: invoice.number, cancelled: true as const };
    },
  );

  const recipientChangeErrors =
    '400 naming the field for a tax id that is not one, or the issuer’s own (the AEAT’s 1193); 409 `no_recipient` for a document naming none (a simplified invoice), `not_substitutable` for a rectifying invoice by differences (a credit note), `rectified` once another invoice rectifies it (a refund after it, or substituted already), `already_cancelled`.';

  app.post(
    '/api/admin/invoicing/customer-invoices/:id/recipient',
    {
      // A new fiscal document sent to the AEAT and the customer: step-up.
      config: { ...audited('invoice.change_recipient'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Changes the recipient’s data of a customer’s invoice naming one (a company’s full invoice): a rectifying invoice by substitution (R1, S) with the same lines and amounts to the corrected recipient, chained, sent to the AEAT and e-mailed to the booking’s address; the rectified invoice no longer stands',
        description: recipientChangeErrors,
        security,
        params: z.object({ id: uuid }),
        body: recipientChangeSchema,
        response: { 200: recipientChangedSchema },
      },
    },
    async (request) => {
      const { invoice, rectifies } = await changeCustomerInvoiceRecipient(
        ctx,
        request.params.id,
        request.body,
      );
      return { _id: invoice.id, number: invoice.number, rectifies: rectifies.number };
    },
  );

  app.post(
    '/api/admin/invoicing/commission-invoices/:id/recipient',
    {
      // A new fiscal document sent to the AEAT and the owner: step-up.
      config: { ...audited('invoice.change_recipient'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Changes the owner’s data on a commission invoice (a tax id or name typed wrong): a rectifying invoice by substitution (R1, S) of the same month, lines and amounts to the corrected owner data, chained, sent to the AEAT and e-mailed to the owner; the rectified invoice no longer stands',
        description: recipientChangeErrors,
        security,
        params: z.object({ id: uuid }),
        body: recipientChangeSchema,
        response: { 200: recipientChangedSchema },
      },
    },
    async (request) => {
      const { invoice, rectifies } = await changeCommissionInvoiceRecipient(
        ctx,
        request.params.id,
        request.body,
        adminOf(request).email,
      );
      return { _id: invoice.id, number: invoice.number, rectifies: rectifies.number };
    },
  );
};
