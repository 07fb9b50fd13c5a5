// The owner's permissions for their crew, kept on the owner's row.
import { eq } from 'drizzle-orm';
import type { CrewPermissions } from '@boats/domain/schemas/staff';
import type { Db } from '../../db/client';
import { owners } from '../../db/schema';

const columns = { crewMaySellBelowMinimum: owners.crewMaySellBelowMinimum, isPlatform: owners.isPlatform };
export type CrewPermissionsRow = { crewMaySellBelowMinimum: boolean; isPlatform: boolean };

export async function findCrewPermissions(db: Db, ownerId: string): Promise<CrewPermissionsRow | undefined> {
  const [row] = await db.select(columns).from(owners).where(eq(owners.id, ownerId));
  return row;
}

export async function setCrewPermissions(
  db: Db,
  ownerId: string,
  permissions: CrewPermissions,
  now: Date,
): Promise<CrewPermissionsRow | undefined> {
  const [row] = await db
    .update(owners)
    .set({ crewMaySellBelowMinimum: permissions.sellBelowMinimum, updatedAt: now })
    .where(eq(owners.id, ownerId))
    .returning(columns);
  return row;
}
