// GET /checkout/booking/{id}: the booking as its customer sees it, behind /booking?booking={id}.
// The flow puts the booking it just confirmed into the cache, so the page shows it at once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadBooking } from '../checkout-api';

export const bookingQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['public-booking', bookingId] as const,
    queryFn: () => loadBooking(bookingId),
    retry: false,
  });

export function usePublicBooking(bookingId: string) {
  return useQuery(bookingQueryOptions(bookingId));
}
