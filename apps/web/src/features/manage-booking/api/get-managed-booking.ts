// GET /api/bookings/{id}?token=: the booking the manage link opens, only with its own token, so a
// damaged link is refused (403) before the page offers Resend or Cancel.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicBookingResponseSchema, type PublicBooking } from '@boats/domain/schemas/booking';
import { apiFetch } from '../../../shared/api/http';

async function getManagedBooking(id: string, token: string, signal?: AbortSignal): Promise<PublicBooking> {
  const answer = await apiFetch(
    `/api/bookings/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
    { schema: publicBookingResponseSchema, signal },
  );
  return answer.booking;
}

/** Keyed by the booking and the link's token: a damaged link's refusal is not the found booking's. */
export const managedBookingKey = (id: string, token: string) => ['managed-booking', id, { token }] as const;

const managedBookingQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: managedBookingKey(id, token),
    queryFn: ({ signal }) => getManagedBooking(id, token, signal),
  });

export function useManagedBooking(id: string, token: string) {
  return useQuery(managedBookingQueryOptions(id, token));
}
