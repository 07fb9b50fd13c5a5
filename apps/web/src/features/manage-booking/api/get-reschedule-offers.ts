// GET /api/bookings/{id}/reschedule?token=: the boat's reschedule policy, whether this booking may
// move now, and the trips (a charter: the starts for `hours`) it may move to with the money of each
// move: the soonest ahead, or those of the Canary day `date` the customer picked.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rescheduleOffersSchema, type RescheduleOffers } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';

function getRescheduleOffers(
  id: string,
  token: string,
  hours: number | undefined,
  date: string | undefined,
  signal?: AbortSignal,
): Promise<RescheduleOffers> {
  const query = new URLSearchParams({
    token,
    ...(hours ? { hours: String(hours) } : {}),
    ...(date ? { date } : {}),
  });
  return apiFetch(`/api/bookings/${encodeURIComponent(id)}/reschedule?${query.toString()}`, {
    schema: rescheduleOffersSchema,
    signal,
  });
}

const rescheduleOffersQueryOptions = (
  id: string,
  token: string,
  hours: number | undefined,
  date: string | undefined,
) =>
  queryOptions({
    queryKey: ['managed-booking', id, 'reschedule', { hours, date }] as const,
    queryFn: ({ signal }) => getRescheduleOffers(id, token, hours, date, signal),
    // Seats and the policy's deadline move with the clock: read it fresh each time.
    staleTime: 0,
  });

export function useRescheduleOffers(id: string, token: string, hours?: number, date?: string) {
  return useQuery(rescheduleOffersQueryOptions(id, token, hours, date));
}
