// GET /checkout/bookings: the filtered list, 50 rows a page behind a cursor, with the KPI tiles
// the server computes over the whole filter (every page carries them; the last one is current).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminBooking, BookingsPage } from '@boats/domain/schemas/booking';
import { fetchBookingsPage, type BookingsFilter } from '../bookings-api';

/** Every cached list, whatever its filter: an action on a row changes all of them. */
export const bookingListsKey = ['admin', 'bookings', 'list'] as const;

const bookingsQueryOptions = (filter: BookingsFilter) =>
  infiniteQueryOptions({
    queryKey: [...bookingListsKey, filter] as const,
    queryFn: ({ pageParam, signal }) => fetchBookingsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page: BookingsPage) => page.nextCursor,
    // Bookings change under the operator (customers pay, others act): a filter shown before is
    // asked again, not trusted from the cache.
    staleTime: 0,
  });

export function useBookings(filter: BookingsFilter) {
  return useInfiniteQuery({
    ...bookingsQueryOptions(filter),
    select: (data) => {
      const seen = new Set<string>();
      const items: AdminBooking[] = [];
      for (const page of data.pages)
        for (const booking of page.items)
          if (!seen.has(booking._id) && seen.add(booking._id)) items.push(booking);
      const last = data.pages.at(-1);
      return { items, total: last?.total ?? 0, kpis: last?.kpis ?? null };
    },
  });
}
