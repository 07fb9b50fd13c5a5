// The audit trail's one mechanism (docs/security.md#audit-trail). Every route of a guarded
// plugin (src/back-office-routes.ts) that writes declares its action in its config
// (`config: audited('booking.refund')`); the plugin's hooks then add one append-only row per
// successful call: who (user, role), the action, the object named by the route's parameters
// or by the service, what changed (before and after, when the service says it) and the
// address. test/security/admin-routes.test.ts fails on a back-office write route without it.
// A service that knows more than the URL (the id it created, the fields it changed) says so
// with noteAudit() from anywhere inside the request: the note lives in the request's async
// context, so no function needs a request parameter for it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditObjectOf } from '@boats/domain/schemas/audit';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { insertAuditRow } from './audit-repository';
import type { AuditChanges } from './schema';

/** How a route's call is written down: its action and which parameters name what. */
export type AuditRoute = {
  /** `<object>.<verb>`, the object one of AUDIT_OBJECT_TYPES. */
  action: string;
  /** The parameter holding the object's id (default `id`); null: the service names it, if any. */
  object?: string | null;
  /** Parameters naming the boat, the trip (slot) or the owner concerned. */
  boat?: string;
  slot?: string;
  owner?: string;
  /**
   * A read that writes only sometimes (the calendar feed's URL, made on the first read): the row
   * is written only when the service noted something, that is, when it wrote.
   */
  whenNoted?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's calls are written to the audit trail (a guarded plugin's hooks do it). */
    audit?: AuditRoute;
  }
  interface FastifyRequest {
    auditNote?: AuditNote;
  }
}

/** What a service adds to the row of the call it runs in. */
export type AuditNote = {
  objectId?: string;
  boatId?: string;
  bookingId?: string;
  slotId?: string;
  ownerId?: string;
  changes?: AuditChanges;
};

/** The route config of an audited route (merge with other config when there is some). */
export const audited = (action: string, params: Omit<AuditRoute, 'action'> = {}): { audit: AuditRoute } => ({
  audit: { action, ...params },
});

const notes = new AsyncLocalStorage<AuditNote>();

/**
 * Adds to the current call's audit row; outside an audited call (a job, a test calling the
 * service) it does nothing. Changes accumulate field by field.
 */
export function noteAudit(note: AuditNote): void {
  const current = notes.getStore();
  if (!current) return;
  const { changes, ...rest } = note;
  Object.assign(current, rest);
  if (changes) current.changes = { ...current.changes, ...changes };
}

/** Field names whose values never enter the trail, whatever a service hands it. */
const SECRET = /password|secret|token|hash|iban|recovery|otp|code_?hash|credential|public_?key/i;

/**
 * The fields that differ between `before` and `after` (compared as JSON), secrets left out.
 * `fields` limits it to the ones that matter. Undefined when nothing changed.
 */
export function changesBetween<T extends object>(
  before: T | null | undefined,
  after: T | null | undefined,
  fields?: readonly (keyof T)[],
): AuditChanges | undefined {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = fields?.map(String) ?? [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (SECRET.test(key)) continue;
    if (JSON.stringify(b[key] ?? null) !== JSON.stringify(a[key] ?? null))
      changes[key] = { before: b[key] ?? null, after: a[key] ?? null };
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

const param = (request: FastifyRequest, name: string | null | undefined): string | undefined => {
  if (!name) return undefined;
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

const uuidOrNull = (value: string | undefined) => (value !== undefined && isUuid(value) ? value : null);

/** The hooks of a guarded plugin: a note per call, and the row once the call succeeded. */
export function registerAuditTrail(app: FastifyInstance, ctx: AppContext): void {
  // preHandler runs after the body is read, so the note's context reaches the handler and
  // everything it awaits (a context entered on onRequest is lost while the body streams in).
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.routeOptions.config.audit) return done();
    const note: AuditNote = {};
    request.auditNote = note;
    notes.run(note, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.config.audit;
    const user = request.user;
    if (!route || !user || reply.statusCode >= 300) return payload;
    const note = request.auditNote ?? {};
    if (route.whenNoted && Object.keys(note).length === 0) return payload;
    const objectType = auditObjectOf(route.action);
    const objectId =
      note.objectId ?? param(request, route.object === undefined ? 'id' : route.object) ?? null;
    const slotId = note.slotId ?? param(request, route.slot ?? 'slotId');
    await insertAuditRow(ctx.db, {
      at: ctx.now(),
      actorUserId: user.id,
      actorEmail: user.email,
      actorRole: user.role,
      action: route.action,
      objectType,
      objectId,
      bookingId: uuidOrNull(
        note.bookingId ?? (objectType === 'booking' ? (objectId ?? undefined) : undefined),
      ),
      boatId: uuidOrNull(
        note.boatId ??
          param(request, route.boat) ??
          (objectType === 'boat' ? (objectId ?? undefined) : undefined),
      ),
      slotId: uuidOrNull(slotId),
      ownerId: uuidOrNull(
        note.ownerId ??
          param(request, route.owner ?? 'ownerId') ??
          (objectType === 'owner' ? (objectId ?? undefined) : undefined),
      ),
      actorOwnerId: user.ownerId,
      changes: note.changes ?? null,
      ip: request.ip,
    });
    return payload;
  });
}
