// Queries of resellers and their keys. No rules here: reseller-service.ts decides.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, owners } from '../../db/schema';
import { onPublicSiteSql } from '../boats/boat-repository';
import { resellerApiKeys, resellerBoats, resellers } from './schema';

export type ResellerRow = typeof resellers.$inferSelect;
export type ResellerApiKeyRow = typeof resellerApiKeys.$inferSelect;

export async function insertReseller(db: Db, values: typeof resellers.$inferInsert): Promise<ResellerRow> {
  const [row] = await db.insert(resellers).values(values).returning();
  if (!row) throw new Error('reseller insert returned nothing');
  return row;
}

export async function findReseller(db: Db, id: string): Promise<ResellerRow | undefined> {
  const [row] = await db.select().from(resellers).where(eq(resellers.id, id));
  return row;
}

export async function updateResellerBilling(
  db: Db,
  id: string,
  values: Pick<
    ResellerRow,
    'billingLegalName' | 'billingTaxId' | 'billingCountry' | 'billingAddress' | 'updatedAt'
  >,
): Promise<ResellerRow | undefined> {
  const [row] = await db.update(resellers).set(values).where(eq(resellers.id, id)).returning();
  return row;
}

export async function updateResellerHoldLimits(
  db: Db,
  id: string,
  values: Pick<
    ResellerRow,
    | 'maxHeldSharePercent'
    | 'maxHeldSeatsPerTrip'
    | 'maxSeatsPerReservation'
    | 'maxLiveHolds'
    | 'maxHoldMinutes'
    | 'updatedAt'
  >,
): Promise<ResellerRow | undefined> {
  const [row] = await db.update(resellers).set(values).where(eq(resellers.id, id)).returning();
  return row;
}

export async function listResellers(db: Db): Promise<ResellerRow[]> {
  return db.select().from(resellers).orderBy(asc(resellers.name));
}

export async function keysOf(db: Db, resellerIds: string[]): Promise<ResellerApiKeyRow[]> {
  if (resellerIds.length === 0) return [];
  return db
    .select()
    .from(resellerApiKeys)
    .where(inArray(resellerApiKeys.resellerId, resellerIds))
    .orderBy(asc(resellerApiKeys.createdAt));
}

export async function insertApiKey(
  db: Db,
  values: typeof resellerApiKeys.$inferInsert,
): Promise<ResellerApiKeyRow> {
  const [row] = await db.insert(resellerApiKeys).values(values).returning();
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

/** Revokes a key of the reseller; answers it (undefined when the reseller has no such key). */
export async function revokeApiKey(
  db: Db,
  resellerId: string,
  keyId: string,
  at: Date,
): Promise<ResellerApiKeyRow | undefined> {
  await db
    .update(resellerApiKeys)
    .set({ revokedAt: at })
    .where(
      and(
        eq(resellerApiKeys.id, keyId),
        eq(resellerApiKeys.resellerId, resellerId),
        isNull(resellerApiKeys.revokedAt),
      ),
    );
  const [row] = await db
    .select()
    .from(resellerApiKeys)
    .where(and(eq(resellerApiKeys.id, keyId), eq(resellerApiKeys.resellerId, resellerId)));
  return row;
}

/** The reseller of a live key, found by its hash; the key's last use becomes `at`. */
export async function useApiKey(db: Db, keyHash: string, at: Date): Promise<ResellerRow | undefined> {
  const [key] = await db
    .update(resellerApiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(resellerApiKeys.keyHash, keyHash), isNull(resellerApiKeys.revokedAt)))
    .returning({ resellerId: resellerApiKeys.resellerId });
  return key ? findReseller(db, key.resellerId) : undefined;
}

export async function boatIdsOf(
  db: Db,
  resellerIds: string[],
): Promise<{ resellerId: string; boatId: string }[]> {
  if (resellerIds.length === 0) return [];
  return db.select().from(resellerBoats).where(inArray(resellerBoats.resellerId, resellerIds));
}

/** Replaces the reseller's boat list and its "all opted-in boats" choice, in one transaction. */
export async function replaceResellerBoats(
  db: Db,
  resellerId: string,
  choice: { allOptedIn: boolean; boatIds: string[] },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(resellers)
      .set({ allOptedInBoats: choice.allOptedIn, updatedAt: at })
      .where(eq(resellers.id, resellerId));
    await tx.delete(resellerBoats).where(eq(resellerBoats.resellerId, resellerId));
    if (choice.boatIds.length > 0) {
      await tx.insert(resellerBoats).values(choice.boatIds.map((boatId) => ({ resellerId, boatId })));
    }
  });
}

/** Every boat not archived, with its owner's name, its owner's opt-in and whether it is on the site. */
export async function boatChoices(db: Db) {
  return db
    .select({
      id: boats.id,
      title: boats.title,
      ownerName: owners.displayName,
      resellersAllowed: boats.resellersAllowed,
      onPublicSite: onPublicSiteSql,
    })
    .from(boats)
    .innerJoin(owners, eq(owners.id, boats.ownerId))
    .where(isNull(boats.archivedAt))
    .orderBy(asc(boats.sortOrder), asc(boats.createdAt));
}

/** Of these ids, the boats that exist (archived or not) and whether their owner opts them in. */
export async function boatsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: boats.id, resellersAllowed: boats.resellersAllowed })
    .from(boats)
    .where(inArray(boats.id, ids));
}

/** The reseller's listed boats: a filter for the OCTO catalogue's query (octo-repository.ts). */
export const listedForResellerSql = (resellerId: string) =>
  sql<boolean>`exists (select 1 from ${resellerBoats} rb where rb.reseller_id = ${resellerId} and rb.boat_id = ${boats.id})`;
