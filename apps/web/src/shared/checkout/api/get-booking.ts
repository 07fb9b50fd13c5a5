// GET /checkout/booking/{id}?key=: the booking as its customer sees it, behind
// /booking?booking={id}&key={key}. The flow puts the booking it just confirmed into the cache, so
// the page shows it at once. The key is no part of the cache's key: one booking, one entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadBooking } from '../checkout-api';

export const bookingQueryOptions = (bookingId: string, checkoutKey: string) =>
  queryOptions({
    queryKey: ['public-booking', bookingId] as const,
    queryFn: () => loadBooking(bookingId, checkoutKey),
    retry: false,
  });

export function usePublicBooking(bookingId: string, checkoutKey: string) {
  return useQuery(bookingQueryOptions(bookingId, checkoutKey));
}
