// The admin's view of the billing records (docs/invoicing.md#the-admins-records):
// GET /api/admin/invoicing/records (by issuer, type and month, with each record's AEAT state, and
// the rejected records not yet corrected), GET /api/admin/invoicing/chain-check (every issuer's
// chain verified from its first record), GET /api/admin/invoicing/export (an issuer's records as
// the AEAT's XML message, valid against its schemas),
// and POST /api/admin/invoicing/records/{id}/correction (a rejected record corrected by a new one).
// The documents' own corrections under /api/admin/invoicing (a cancellation, a recipient's data
// changed) issue documents, so they are the invoices module's (invoices/routes.ts).
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canaryPeriodRange } from '@boats/domain/canary-time';
import { centsToEuros } from '@boats/domain/money';
import { uuid } from '@boats/domain/schemas/common';
import {
  billingRecordSchema,
  billingRecordsQuerySchema,
  billingRecordsResponseSchema,
  type BillingRecordsQuery,
  type BillingRecordsResponse,
  chainCheckSchema,
  correctRecordRequestSchema,
  declarationResponseSchema,
  type BillingRecordView,
} from '@boats/domain/schemas/invoicing';
import { periodSchema } from '@boats/domain/schemas/invoices';
import { DECLARATION_TITLE, declarationItems } from '@boats/domain/declaracion-responsable';
import { AEAT_BATCH_LIMIT, centsOfAeatAmount, type RecordParty } from '@boats/domain/verifactu';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalidField } from '../../http/errors';
import { sendBackOfficeAnswer } from '../../http/back-office-answers';
import { ANY_TABLE, type ReadCaches } from '../../http/read-caches';
import { audited } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';
import { readerKeyOf } from '../auth/require-admin';
import { chainedOf, type BillingRecordRow } from './billing-records';
import { checkChains } from './chain-check';
import { systemIdentity } from './issuers';
import { operatorIdentity } from '../operator/operator-identity';
import { correctRecord } from './record-correction';
import {
  heldIssuersQuery,
  issuersQuery,
  recordQuery,
  recordsPageQuery,
  recordsToCorrectQuery,
  stuckIssuersQuery,
} from './record-queries';
import { messageXml } from './record-xml';
import { billingRecords, type aeatSubmissions } from './schema';
import { messageHeader } from './submission-header';

const security = [{ bearer: [] }];
const REJECTED_LIMIT = 100;

type Row = {
  record: BillingRecordRow;
  submission: typeof aeatSubmissions.$inferSelect;
  /** The record correcting this one, once it was rejected and corrected. */
  correctedBy: string | null;
  /** A registro de alta whose document was cancelled: the registro de anulación. */
  cancelledBy: string | null;
};

function issuerNameOf(record: BillingRecordRow): string {
  return record.content.kind === 'alta' ? record.content.issuerName : '';
}

const partyView = (p: RecordParty): { name: string; taxId: string } => ({
  name: p.name,
  taxId: 'nif' in p ? p.nif : p.idOtro.id,
});

const toView = ({ record, submission, correctedBy, cancelledBy }: Row): BillingRecordView => ({
  _id: record.id,
  issuerNif: record.issuerNif,
  issuerName: issuerNameOf(record),
  position: record.position,
  kind: record.kind,
  numSerie: record.numSerie,
  issueDate: record.issueDate,
  invoiceType: record.invoiceType,
  rectificationType: record.content.kind === 'alta' ? record.content.rectificationType : null,
  total: record.content.kind === 'alta' ? centsToEuros(centsOfAeatAmount(record.content.totalAmount)) : null,
  hash: record.hash,
  generatedAt: record.generatedAt,
  recipient:
    record.content.kind === 'alta' && record.content.recipients[0]
      ? partyView(record.content.recipients[0])
      : null,
  correctsRecordId: record.correctsRecordId,
  correctedByRecordId: correctedBy,
  documentKind: record.documentKind,
  documentId: record.documentId,
  cancelledByRecordId: cancelledBy,
  state: submission.state,
  errorCode: submission.errorCode,
  errorText: submission.errorText,
  sentAt: submission.sentAt?.toISOString() ?? null,
  answeredAt: submission.answeredAt?.toISOString() ?? null,
});

/**
 * The rows of a records query, each with the record correcting it (once rejected and corrected)
 * and, for a registro de alta, the registro de anulación of its document (once cancelled).
 */
async function withCorrections(
  db: Db,
  rows: { record: BillingRecordRow; submission: typeof aeatSubmissions.$inferSelect }[],
): Promise<Row[]> {
  const corrected = rows.filter((r) => r.submission.state === 'corrected').map((r) => r.record.id);
  const documents = rows.filter((r) => r.record.kind === 'alta').map((r) => r.record.documentId);
  const [corrections, cancellations] = await Promise.all([
    corrected.length
      ? db
          .select({ id: billingRecords.id, corrects: billingRecords.correctsRecordId })
          .from(billingRecords)
          .where(inArray(billingRecords.correctsRecordId, corrected))
      : [],
    documents.length
      ? db
          .select({ id: billingRecords.id, documentId: billingRecords.documentId })
          .from(billingRecords)
          .where(and(inArray(billingRecords.documentId, documents), eq(billingRecords.kind, 'anulacion')))
      : [],
  ]);
  const correctedBy = new Map(corrections.map((c) => [c.corrects, c.id]));
  const cancelledBy = new Map(cancellations.map((c) => [c.documentId, c.id]));
  return rows.map((r) => ({
    ...r,
    correctedBy: correctedBy.get(r.record.id) ?? null,
    cancelledBy: r.record.kind === 'alta' ? (cancelledBy.get(r.record.documentId) ?? null) : null,
  }));
}

/**
 * A page of the filter's records, the rejected ones, the issuers whose messages do not go, and
 * the issuers (the records page's answer).
 */
async function recordsPage(db: Db, query: BillingRecordsQuery): Promise<BillingRecordsResponse> {
  const { cursor, limit } = query;
  // One more than the page, to tell whether another follows.
  const page = await withCorrections(db, await recordsPageQuery(db, query, limit + 1, cursor));
  const records = page.slice(0, limit);
  const toCorrect = (await withCorrections(db, await recordsToCorrectQuery(db, REJECTED_LIMIT))).map(toView);
  const issuers = await issuersQuery(db);
  return {
    records: records.map(toView),
    nextCursor: page.length > limit ? records.at(-1)!.record.id : null,
    rejected: toCorrect.filter((r) => r.state === 'rejected'),
    acceptedWithErrors: toCorrect.filter((r) => r.state === 'accepted_with_errors'),
    stuck: await stuckIssuersQuery(db),
    held: await heldIssuersQuery(db),
    issuers,
  };
}

export const adminInvoicingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/api/admin/invoicing/records',
    {
      schema: {
        tags: ['admin'],
        summary: 'Billing records (VERI*FACTU) by issuer, type and month, with each one’s AEAT state',
        security,
        querystring: billingRecordsQuerySchema,
        response: { 200: billingRecordsResponseSchema },
      },
    },
    async (request, reply) =>
      sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        billingRecordsResponseSchema,
        // Every issuer's records, for the platform's admin only: any change drops them.
        { tables: ANY_TABLE, boatIds: async () => undefined },
        async () => ({
          answer: await recordsPage(ctx.db, request.query),
        }),
      ),
  );

  app.post(
    '/api/admin/invoicing/records/:id/correction',
    {
      // A new fiscal record sent to the AEAT: step-up.
      config: { ...audited('invoice.correct_record'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary:
          'Corrects a record the AEAT rejected (Subsanacion S, RechazoPrevio S) or accepted with errors (Subsanacion S): a new record of the same invoice as it was issued, chained, marked as its correction',
        description:
          'The recipient stays the document’s (400 naming `recipient` when one is given: a recipient’s data is changed by a rectifying invoice by substitution, `…/customer-invoices/{id}/recipient` or `…/commission-invoices/{id}/recipient`); accepted with errors for a NIF the AEAT’s census does not know (2001), the recipient is identified as not censused (IDOtro ES 07).',
        security,
        params: z.object({ id: uuid }),
        body: correctRecordRequestSchema,
        response: { 200: billingRecordSchema },
      },
    },
    async (request) => {
      const row = await correctRecord(ctx, request.params.id);
      const [view] = await withCorrections(ctx.db, await recordQuery(ctx.db, row.id));
      if (!view) throw new Error(`record ${row.id} not found after its insert`);
      return toView(view);
    },
  );

  app.get(
    '/api/admin/invoicing/declaration',
    {
      schema: {
        tags: ['admin'],
        summary: 'The software’s declaración responsable (RD 1007/2023 art. 13, Orden HAC/1177/2024 art. 15)',
        description:
          'Built from the system identity every billing record carries (name, id, version, producer), the producer’s address and the day and place this version’s was signed (VERIFACTU_DECLARATION_DATE, VERIFACTU_DECLARATION_PLACE; unsigned until they are set).',
        security,
        response: { 200: declarationResponseSchema },
      },
    },
    () => {
      const system = systemIdentity(ctx.config);
      const date = ctx.config.VERIFACTU_DECLARATION_DATE;
      const place = ctx.config.VERIFACTU_DECLARATION_PLACE;
      const signed = date && place ? { date, place } : null;
      return {
        title: DECLARATION_TITLE,
        items: declarationItems({
          systemName: system.name,
          systemId: system.id,
          version: system.version,
          producerName: system.producerName,
          producerNif: system.producerNif,
          producerAddress: operatorIdentity(ctx.config).address,
          signed,
        }),
        signed: signed !== null,
      };
    },
  );

  app.get(
    '/api/admin/invoicing/chain-check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Verifies every issuer’s chain of billing records from its first record',
        security,
        response: { 200: chainCheckSchema },
      },
    },
    async () => {
      const check = await checkChains(ctx.db);
      return {
        ok: check.ok,
        total: check.total,
        issuers: check.issuers.map((i) =>
          i.ok
            ? { issuerNif: i.issuerNif, ok: true, count: i.count }
            : { issuerNif: i.issuerNif, ok: false, count: i.count, position: i.position, reason: i.reason },
        ),
      };
    },
  );

  app.get(
    '/api/admin/invoicing/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'An issuer’s billing records of a month as the AEAT’s XML (RegFactuSistemaFacturacion)',
        description: `A message holds at most ${AEAT_BATCH_LIMIT} records (the AEAT's limit), so a month with more is exported in parts, in the chain's order: \`part\` (1 unless given) names one, the answer's \`X-Export-Parts\` header says how many there are, and the file's name says "part k of n" when there is more than one. 400 naming \`part\` past the last one.`,
        security,
        querystring: z.object({
          issuerNif: z.string().min(1).max(20),
          month: periodSchema,
          part: z.coerce.number().int().min(1).max(1_000).default(1),
        }),
      },
    },
    async (request, reply) => {
      const { issuerNif, month, part } = request.query;
      const range = canaryPeriodRange(month);
      const inMonth = and(
        eq(billingRecords.issuerNif, issuerNif),
        gte(billingRecords.createdAt, range.start),
        lt(billingRecords.createdAt, range.end),
      );
      const [{ total } = { total: 0 }] = await ctx.db
        .select({ total: count() })
        .from(billingRecords)
        .where(inMonth);
      if (total === 0)
        throw invalidField('month', 'validation.date', 'No records of this issuer in that month');
      const parts = Math.ceil(total / AEAT_BATCH_LIMIT);
      if (part > parts) throw invalidField('part', 'validation.number', `This month has ${parts} part(s)`);
      const rows = await ctx.db
        .select()
        .from(billingRecords)
        .where(inMonth)
        .orderBy(asc(billingRecords.position))
        .limit(AEAT_BATCH_LIMIT)
        .offset((part - 1) * AEAT_BATCH_LIMIT);
      const header = await messageHeader(ctx, issuerNif);
      const xml = messageXml(
        header,
        rows.map((r) => ({ record: chainedOf(r), system: r.system })),
      );
      const fileName =
        parts === 1
          ? `verifactu-${issuerNif}-${month}.xml`
          : `verifactu-${issuerNif}-${month}-part-${part}-of-${parts}.xml`;
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-export-parts', String(parts))
        .send(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
    },
  );
};
