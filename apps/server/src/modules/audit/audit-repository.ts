// The audit trail's queries: one insert (the boat and its owner found from what the row names)
// and the scoped reads. Rows are never updated or deleted (the database refuses).
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { canaryDayRange } from '@boats/domain/canary-time';
import type { AuditObjectType, AuditQuery } from '@boats/domain/schemas/audit';
import type { UserRole } from '@boats/domain/schemas/auth';
import type { Db } from '../../db/client';
import type { OwnerScope } from '../owner-scope/owner-scope';
import { auditLog, type AuditChanges } from './schema';

export type AuditRowInput = {
  at: Date;
  actorUserId: string;
  actorEmail: string;
  actorRole: UserRole;
  action: string;
  objectType: AuditObjectType;
  objectId: string | null;
  bookingId: string | null;
  boatId: string | null;
  /** A trip named by the call: its boat is found from it. */
  slotId: string | null;
  ownerId: string | null;
  /** The owner an owner or crew account acts for: the row's owner when nothing else names one. */
  actorOwnerId: string | null;
  changes: AuditChanges | null;
  ip: string;
};

/**
 * Adds the row. Its boat is the one named, else the booking's, else the trip's; its owner the
 * one named, else that boat's, else the acting owner's, so an owner reads every row about
 * their boats whoever wrote it.
 */
export async function insertAuditRow(db: Db, row: AuditRowInput): Promise<void> {
  await db.execute(sql`
    with named as (
      select coalesce(
        ${row.boatId}::uuid,
        (select boat_id from bookings where id = ${row.bookingId}::uuid),
        (select boat_id from slots where id = ${row.slotId}::uuid)
      ) as boat_id
    )
    insert into audit_log (at, actor_user_id, actor_email, actor_role, action, object_type, object_id,
                           owner_id, boat_id, booking_id, changes, ip)
    select ${row.at.toISOString()}::timestamptz, ${row.actorUserId}::uuid, ${row.actorEmail}, ${row.actorRole},
           ${row.action}, ${row.objectType}, ${row.objectId},
           coalesce(${row.ownerId}::uuid, (select owner_id from boats where id = named.boat_id), ${row.actorOwnerId}::uuid),
           named.boat_id, ${row.bookingId}::uuid,
           ${row.changes === null ? null : JSON.stringify(row.changes)}::jsonb, ${row.ip}
    from named`);
}

export type AuditRow = typeof auditLog.$inferSelect;

function filters(scope: OwnerScope, query: Omit<AuditQuery, 'limit' | 'cursor'>): SQL[] {
  const where: SQL[] = [];
  if (!scope.all) where.push(eq(auditLog.ownerId, scope.ownerId));
  if (query.from) where.push(gte(auditLog.at, canaryDayRange(query.from).start));
  if (query.to) where.push(lt(auditLog.at, canaryDayRange(query.to).end));
  if (query.objectType) where.push(eq(auditLog.objectType, query.objectType));
  if (query.actor) where.push(ilike(auditLog.actorEmail, `%${query.actor.replace(/[%_\\]/g, '\\$&')}%`));
  if (query.bookingId) where.push(eq(auditLog.bookingId, query.bookingId));
  if (query.boatId) where.push(eq(auditLog.boatId, query.boatId));
  return where;
}

/** The query of one page, newest first (one row more than the page, to tell whether one follows). */
export function auditPageQuery(db: Db, scope: OwnerScope, query: AuditQuery) {
  const where = filters(scope, query);
  if (query.cursor) where.push(lt(auditLog.id, Number(query.cursor)));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
}

/** The tables `listAuditRows` reads (read-cache.test.ts holds it to them). */
export const AUDIT_PAGE_TABLES = ['audit_log'];

/** One page, newest first; the cursor is the last row's id. */
export async function listAuditRows(
  db: Db,
  scope: OwnerScope,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const rows = await auditPageQuery(db, scope, query);
  const page = rows.slice(0, query.limit);
  return { rows: page, nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null };
}

/** Every row of the filter, newest first, for the CSV (at most `max`). */
export async function allAuditRows(
  db: Db,
  scope: OwnerScope,
  query: Omit<AuditQuery, 'limit' | 'cursor'>,
  max: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(...filters(scope, query)))
    .orderBy(desc(auditLog.id))
    .limit(max);
}
