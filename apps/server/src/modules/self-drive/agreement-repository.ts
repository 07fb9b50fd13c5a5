// What the rental agreement reads besides the booking: its boat's owner (their legal identity)
// and the booking's security deposit.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deposits, owners } from '../../db/schema';

export async function ownerOfBoat(db: Db, ownerId: string) {
  const [row] = await db.select().from(owners).where(eq(owners.id, ownerId));
  return row;
}

/**
 * The security deposit the agreement names: the booking's, fixed at the sale (a later change of
 * the boat's never changes it); a booking sold without one (a walk-in) the boat's, as the harbour
 * takes it; null: none.
 */
export async function agreementDepositCents(
  db: Db,
  booking: { id: string },
  boat: { depositCents: number },
): Promise<number | null> {
  const [row] = await db
    .select({ amountCents: deposits.amountCents })
    .from(deposits)
    .where(eq(deposits.bookingId, booking.id));
  if (row) return row.amountCents;
  return boat.depositCents > 0 ? boat.depositCents : null;
}
