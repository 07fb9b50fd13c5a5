// GET /api/crew/trips?date=: every boat's trips of a Canary day.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tripsResponseSchema, type TripsResponse } from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function getTrips(date: string, signal?: AbortSignal): Promise<TripsResponse> {
  return adminFetch(`/api/crew/trips?date=${encodeURIComponent(date)}`, {
    schema: tripsResponseSchema,
    signal,
  });
}

const tripsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['trips', date] as const,
    queryFn: ({ signal }) => getTrips(date, signal),
    // Sales and boarding change while the crew looks at the list.
    refetchInterval: 60_000,
  });

export function useTrips(date: string) {
  return useQuery(tripsQueryOptions(date));
}
