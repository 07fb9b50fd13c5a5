import { and, asc, eq, gt, isNull, max } from 'drizzle-orm';
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

export type SlotKind = 'private' | 'shared';

/**
 * Per boat, the kinds of open slots still ahead (what a visitor can actually book), each with
 * the start of its last such slot: once that has begun, the boat no longer offers the kind.
 */
export async function bookableKinds(db: Db, now: Date): Promise<Map<string, Map<SlotKind, Date>>> {
  const rows = await db
    .select({ boatId: slots.boatId, type: slots.type, lastStart: max(slots.startsAt) })
    .from(slots)
    .where(and(eq(slots.isOpen, true), gt(slots.startsAt, now)))
    .groupBy(slots.boatId, slots.type);
  const kinds = new Map<string, Map<SlotKind, Date>>();
  for (const row of rows) {
    if (!row.lastStart) continue;
    kinds.set(row.boatId, (kinds.get(row.boatId) ?? new Map<SlotKind, Date>()).set(row.type, row.lastStart));
  }
  return kinds;
}
