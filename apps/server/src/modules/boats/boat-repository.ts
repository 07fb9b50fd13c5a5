import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, slots } from '../../db/schema';

export type BoatRow = typeof boats.$inferSelect;
export type NewBoatRow = typeof boats.$inferInsert;

/** A customer sees and books a boat only while it is active and not archived. */
export const isOnPublicSite = (row: BoatRow) => row.isActive && row.archivedAt === null;

export async function listActiveBoats(db: Db): Promise<BoatRow[]> {
  return db
    .select()
    .from(boats)
    .where(and(eq(boats.isActive, true), isNull(boats.archivedAt)))
    .orderBy(asc(boats.sortOrder), asc(boats.createdAt));
}

export async function listAllBoats(db: Db): Promise<BoatRow[]> {
  return db.select().from(boats).orderBy(asc(boats.sortOrder), asc(boats.createdAt));
}

export async function findBoat(db: Db, id: string): Promise<BoatRow | undefined> {
  const [row] = await db.select().from(boats).where(eq(boats.id, id));
  return row;
}

export async function insertBoat(db: Db, values: NewBoatRow): Promise<BoatRow> {
  const [row] = await db.insert(boats).values(values).returning();
  if (!row) throw new Error('boat insert returned nothing');
  return row;
}

export async function updateBoat(
  db: Db,
  id: string,
  values: Partial<NewBoatRow>,
): Promise<BoatRow | undefined> {
  const [row] = await db.update(boats).set(values).where(eq(boats.id, id)).returning();
  return row;
}

/** Per boat, the kinds of open slots still ahead: what a visitor can actually book. */
export async function bookableKinds(db: Db, now: Date): Promise<Map<string, Set<'private' | 'shared'>>> {
  const rows = await db
    .selectDistinct({ boatId: slots.boatId, type: slots.type })
    .from(slots)
    .where(and(eq(slots.isOpen, true), gt(slots.startsAt, now)));
  const kinds = new Map<string, Set<'private' | 'shared'>>();
  for (const row of rows) kinds.set(row.boatId, (kinds.get(row.boatId) ?? new Set()).add(row.type));
  return kinds;
}
