// GET /api/admin/bookings/{id}: one booking with its ledger (card payments, refunds, net
// received). Keyed under the bookings' key, so every booking action refreshes it too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBookingDetailsSchema } from '@boats/domain/schemas/booking';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export const bookingDetailsQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'details', bookingId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/admin/bookings/${bookingId}`, { schema: adminBookingDetailsSchema, signal }),
  });

export const useBookingDetails = (bookingId: string) => useQuery(bookingDetailsQueryOptions(bookingId));
