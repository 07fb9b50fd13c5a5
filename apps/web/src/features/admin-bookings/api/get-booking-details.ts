// GET /api/admin/bookings/{id}: one booking with its ledger (payments, refunds, net received).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBookingDetailsSchema, type AdminBookingDetails } from '@boats/domain/schemas/booking';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function getBookingDetails(id: string, signal?: AbortSignal): Promise<AdminBookingDetails> {
  return adminFetch(`/api/admin/bookings/${encodeURIComponent(id)}`, {
    schema: adminBookingDetailsSchema,
    signal,
  });
}

/** Under ['admin', 'bookings'], so an action on the booking refreshes it with the lists. */
export const bookingDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'details', id] as const,
    queryFn: ({ signal }) => getBookingDetails(id, signal),
    staleTime: 0,
  });

export function useBookingDetails(id: string) {
  return useQuery(bookingDetailsQueryOptions(id));
}
