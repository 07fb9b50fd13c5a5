// GET /api/crew/trips?date=: every boat's trips of a Canary day; on a crew phone without signal,
// the copy it saved (offline/crew-read.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tripsResponseSchema, type TripsResponse } from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { TRIPS_KEY, readWithSavedCopy } from '../offline/crew-read';

export function fetchTrips(date: string, signal?: AbortSignal): Promise<TripsResponse> {
  return adminFetch(`/api/crew/trips?date=${encodeURIComponent(date)}`, {
    schema: tripsResponseSchema,
    signal,
  });
}

const tripsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['trips', date] as const,
    queryFn: ({ signal }) =>
      readWithSavedCopy(`${TRIPS_KEY}${date}`, (limited) => fetchTrips(date, limited), signal),
    // Sales and boarding change while the crew looks at the list.
    refetchInterval: 60_000,
    // Asked even when the browser says it is offline: a crew phone answers from its saved copy.
    networkMode: 'always',
  });

export function useTrips(date: string) {
  return useQuery(tripsQueryOptions(date));
}
