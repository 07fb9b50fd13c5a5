// The booking as its customer sees it, loaded with its boat and tickets.
import type { PublicBooking } from '@boats/domain/schemas/booking';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { toPublicBooking } from './booking-mapper';
import { boatOfBooking, findBooking, ticketsOfBooking, type BookingRow } from './booking-repository';

export async function loadPublicBooking(
  ctx: AppContext,
  idOrRow: string | BookingRow,
): Promise<{ booking: PublicBooking }> {
  const row = typeof idOrRow === 'string' ? await findBooking(ctx.db, idOrRow) : idOrRow;
  if (!row) throw notFound('Booking');
  const [boat, tickets] = await Promise.all([
    boatOfBooking(ctx.db, row.boatId),
    ticketsOfBooking(ctx.db, row.id),
  ]);
  if (!boat) throw notFound('Booking');
  return { booking: toPublicBooking(row, boat, tickets) };
}
