// The manage token a customer's e-mail or lookup would carry for a booking, as the server signs
// it now (src/modules/manage-booking/manage-token.ts): bound to the booking's address and lapsing
// after its trip, so it is read from the booking's row.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { bookings } from '../../src/db/schema';
import { signManageToken } from '../../src/modules/manage-booking/manage-token';

export async function customerToken(ctx: AppContext, bookingId: string): Promise<string> {
  const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`No booking ${bookingId}`);
  return signManageToken(row, ctx.config.jwtSecret, ctx.now());
}
