import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { owners } from '../../db/schema';

/** The platform operator as an owner (one row, made by the migration that brought owners). */
export async function platformOwnerId(db: Db): Promise<string> {
  const [row] = await db.select({ id: owners.id }).from(owners).where(eq(owners.isPlatform, true));
  if (!row) throw new Error('the platform owner is missing (migration 0008_owners makes it)');
  return row.id;
}
