// Queries of resellers and their keys. No rules here: reseller-service.ts decides.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resellerApiKeys, resellers } from './schema';

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
