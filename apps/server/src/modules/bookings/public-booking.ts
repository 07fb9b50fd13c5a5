// The booking as its customer sees it, loaded with its boat and tickets in one query.
import type { PublicBooking } from '@boats/domain/schemas/booking';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { toPublicBooking } from './booking-mapper';
import { findBookingWithBoatById } from './booking-repository';

export async function loadPublicBooking(ctx: AppContext, id: string): Promise<{ booking: PublicBooking }> {
  const found = await findBookingWithBoatById(ctx.db, id);
  if (!found) throw notFound('Booking');
  return { booking: toPublicBooking(found.row, found.boat, found.tickets) };
}
