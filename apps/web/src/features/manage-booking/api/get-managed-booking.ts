// GET /checkout/booking/{id}: the booking the manage page shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicBookingResponseSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import { apiFetch } from '../../../shared/api/http';

export async function getManagedBooking(id: string, signal?: AbortSignal): Promise<PublicBooking> {
  const answer = await apiFetch(`/checkout/booking/${encodeURIComponent(id)}`, {
    schema: publicBookingResponseSchema,
    signal,
  });
  return answer.booking;
}

export const managedBookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['managed-booking', id] as const,
    queryFn: ({ signal }) => getManagedBooking(id, signal),
  });

export function useManagedBooking(id: string) {
  return useQuery(managedBookingQueryOptions(id));
}
