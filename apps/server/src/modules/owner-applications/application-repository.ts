import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@boats/domain/schemas/owner-application';
import type { Db } from '../../db/client';
import { ownerApplications } from '../../db/schema';

export type ApplicationRow = typeof ownerApplications.$inferSelect;
export type NewApplicationRow = typeof ownerApplications.$inferInsert;

export async function insertApplication(db: Db, values: NewApplicationRow): Promise<ApplicationRow> {
  const [row] = await db.insert(ownerApplications).values(values).returning();
  if (!row) throw new Error('owner application insert returned nothing');
  return row;
}

/** Newest first; a status narrows the list. */
export async function listApplications(db: Db, status?: ApplicationStatus): Promise<ApplicationRow[]> {
  const where: SQL | undefined = status ? eq(ownerApplications.status, status) : undefined;
  return db
    .select()
    .from(ownerApplications)
    .where(where)
    .orderBy(desc(ownerApplications.createdAt))
    .limit(500);
}

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(ownerApplications).where(eq(ownerApplications.id, id));
  return row;
}

/** Locks a pending application for its decision; undefined when it is decided or unknown. */
export async function lockPendingApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(ownerApplications)
    .where(and(eq(ownerApplications.id, id), eq(ownerApplications.status, 'pending')))
    .for('update');
  return row;
}

export async function recordDecision(
  db: Db,
  id: string,
  values: Pick<
    NewApplicationRow,
    'status' | 'decidedAt' | 'decidedBy' | 'declineReason' | 'ownerId' | 'boatId'
  >,
): Promise<ApplicationRow> {
  const [row] = await db
    .update(ownerApplications)
    .set(values)
    .where(eq(ownerApplications.id, id))
    .returning();
  if (!row) throw new Error('owner application update returned nothing');
  return row;
}
