// What the rental agreement reads besides the booking: its boat's owner (their legal identity).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { owners } from '../../db/schema';

export async function ownerOfBoat(db: Db, ownerId: string) {
  const [row] = await db.select().from(owners).where(eq(owners.id, ownerId));
  return row;
}
