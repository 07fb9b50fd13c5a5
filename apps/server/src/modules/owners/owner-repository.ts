import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AeatRepresentation } from '@boats/domain/schemas/owner';
import { boats, owners } from '../../db/schema';

/**
 * An owner's row, locked: the first lock of an owner's money (payouts, commission invoices), so
 * here in the owners' module that both use, not in either of them (an import between the two
 * would close a cycle: payouts read bookings, which issue invoices).
 */
export async function lockOwner(tx: Db, ownerId: string): Promise<OwnerRow | undefined> {
  const [row] = await tx.select().from(owners).where(eq(owners.id, ownerId)).for('update');
  return row;
}

export type OwnerRow = typeof owners.$inferSelect;
export type NewOwnerRow = typeof owners.$inferInsert;

/** The owner's representation of the platform before the AEAT as recorded; null: none. */
export function aeatRepresentationOf(row: OwnerRow): AeatRepresentation | null {
  return row.aeatRepresentedSince && row.aeatRepresentationEvidence
    ? { since: row.aeatRepresentedSince, evidence: row.aeatRepresentationEvidence }
    : null;
}

export async function findOwner(db: Db, id: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.id, id));
  return row;
}

/** Every owner with the number of their boats, the platform first. */
export async function listOwnersWithBoatCounts(db: Db): Promise<(OwnerRow & { boatCount: number })[]> {
  const rows = await db
    .select({ owner: owners, boatCount: count(boats.id) })
    .from(owners)
    .leftJoin(boats, eq(boats.ownerId, owners.id))
    .groupBy(owners.id)
    .orderBy(desc(owners.isPlatform), asc(owners.displayName));
  return rows.map((r) => ({ ...r.owner, boatCount: r.boatCount }));
}

export async function insertOwner(db: Db, values: NewOwnerRow): Promise<OwnerRow> {
  const [row] = await db.insert(owners).values(values).returning();
  if (!row) throw new Error('owner insert returned nothing');
  return row;
}

export async function updateOwner(
  db: Db,
  id: string,
  values: Partial<Omit<NewOwnerRow, 'id' | 'isPlatform'>>,
): Promise<OwnerRow | undefined> {
  const [row] = await db
    .update(owners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(owners.id, id))
    .returning();
  return row;
}
