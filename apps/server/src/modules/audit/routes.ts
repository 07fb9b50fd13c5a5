// GET /api/admin/audit and its CSV: the admin reads every row, an owner the rows about their
// boats and bookings (the scope is in the query). Registered in the back office's plugin. A page
// of the trail comes from the read cache between changes (http/back-office-answers.ts; the
// trail's inserts notify, migration 0067).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canaryDateKey } from '@boats/domain/canary-time';
import { toCsv } from '@boats/domain/csv';
import { auditPageSchema, auditQuerySchema, type AuditEntry } from '@boats/domain/schemas/audit';
import type { AppContext } from '../../context';
import { sendBackOfficeAnswer } from '../../http/back-office-answers';
import type { ReadCaches } from '../../http/read-caches';
import { readerKeyOf, scopeOfRequest } from '../auth/require-admin';
import { audited } from './audit-trail';
import { allAuditRows, AUDIT_PAGE_TABLES, listAuditRows, type AuditRow } from './audit-repository';
import { boatIdsOfScope } from '../owner-scope/owner-scope';
import { stepUp } from '../auth/step-up';

const tags = ['audit'];
const security = [{ bearer: [] }];
/** The most rows one CSV carries; a longer period is downloaded in parts. */
const CSV_MAX_ROWS = 50_000;

const entryOf = (row: AuditRow): AuditEntry => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  actor: { email: row.actorEmail, role: row.actorRole },
  action: row.action,
  objectType: row.objectType,
  objectId: row.objectId,
  boatId: row.boatId,
  bookingId: row.bookingId,
  changes: row.changes,
  ip: row.ip,
});

/** A spreadsheet must not run a cell as a formula (OWASP "CSV injection"). */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; caches: ReadCaches }> = async (
  app,
  { ctx, caches },
) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        security,
        summary: 'The audit trail, newest first (an owner: the rows about their boats and bookings)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request, reply) =>
      sendBackOfficeAnswer(
        ctx,
        caches,
        readerKeyOf(request),
        request,
        reply,
        auditPageSchema,
        { tables: AUDIT_PAGE_TABLES, boatIds: boatIdsOfScope(scopeOfRequest(request)) },
        async () => {
          const { rows, nextCursor } = await listAuditRows(ctx.db, scopeOfRequest(request), request.query);
          return { answer: { items: rows.map(entryOf), nextCursor } };
        },
      ),
  );

  app.get(
    '/api/admin/audit/export.csv',
    {
      // Every actor's e-mail and address in one file: the second factor again (step-up).
      config: { ...audited('export.audit_csv', { object: null }), ...stepUp() },
      schema: {
        tags,
        security,
        summary: 'The audit trail of the filter as CSV (UTF-8 with BOM, RFC 4180)',
        querystring: auditQuerySchema.omit({ cursor: true, limit: true }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const rows = await allAuditRows(ctx.db, scopeOfRequest(request), request.query, CSV_MAX_ROWS);
      const header = [
        'at',
        'actor',
        'role',
        'action',
        'object',
        'object_id',
        'boat_id',
        'booking_id',
        'changes',
        'ip',
      ];
      const lines = rows.map((r) => [
        r.at.toISOString(),
        r.actorEmail,
        r.actorRole,
        r.action,
        r.objectType,
        r.objectId ?? '',
        r.boatId ?? '',
        r.bookingId ?? '',
        r.changes ? JSON.stringify(r.changes) : '',
        r.ip,
      ]);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename=audit_${canaryDateKey(ctx.now())}.csv`);
      return `\uFEFF${toCsv([header, ...lines.map((line) => line.map(cell))])}`;
    },
  );
};
