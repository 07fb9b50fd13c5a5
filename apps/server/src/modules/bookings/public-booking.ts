// The booking as its customer sees it, loaded with its boat and tickets in one query; and the
// same answer served from the read cache (http/read-caches.ts), which the database triggers
// invalidate on any change to the booking's boat, bookings or tickets.
import type { PublicBooking } from '@boats/domain/schemas/booking';
import type { AppContext } from '../../context';
import type { CachedAnswer, Fill } from '../../http/answer-cache';
import { notFound } from '../../http/errors';
import { MAX_CACHED_MS, type ReadCaches } from '../../http/read-caches';
import { bookingMinimum, toPublicBooking } from './booking-mapper';
import { findBookingWithBoatById } from './booking-repository';

export async function loadPublicBooking(ctx: AppContext, id: string): Promise<{ booking: PublicBooking }> {
  return { booking: (await findPublicBooking(ctx, id)).booking };
}

/** `GET /checkout/booking/{id}`'s answer: from the read cache, filled on a miss. */
export function cachedPublicBooking(ctx: AppContext, caches: ReadCaches, id: string): Promise<CachedAnswer> {
  const now = ctx.now();
  return caches.bookings.get(id, undefined, now.getTime(), () => publicBookingAnswer(ctx, id, now));
}

async function findPublicBooking(ctx: AppContext, id: string) {
  const found = await findBookingWithBoatById(ctx.db, id);
  if (!found) throw notFound('Booking');
  const minimum = bookingMinimum(found, ctx.now());
  return {
    booking: toPublicBooking(found, minimum),
    boatId: found.row.boatId,
    minimum,
  };
}

async function publicBookingAnswer(ctx: AppContext, id: string, now: Date): Promise<Fill> {
  const { booking, boatId, minimum } = await findPublicBooking(ctx, id);
  // A pending booking's view is bounded by its hold, as the month view is by the next expiry;
  // a trip's minimum is said until its cutoff.
  const holdEnds = booking.holdExpiresAt ? Date.parse(booking.holdExpiresAt) : Infinity;
  const minimumEnds = minimum ? minimum.cutoffAt.getTime() : Infinity;
  return {
    body: JSON.stringify({ booking }),
    validUntil: Math.min(now.getTime() + MAX_CACHED_MS, holdEnds, minimumEnds),
    group: boatId,
  };
}
