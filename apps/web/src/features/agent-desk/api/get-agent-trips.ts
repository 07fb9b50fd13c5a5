// GET /api/agent/trips?date=: the shared trips of a Canary day the agent may sell, seats left.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentTripsResponseSchema } from '@boats/domain/schemas/agents';
import type { Trip } from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getAgentTrips(date: string, signal?: AbortSignal): Promise<Trip[]> {
  return (
    await adminFetch(`/api/agent/trips?date=${encodeURIComponent(date)}`, {
      schema: agentTripsResponseSchema,
      signal,
    })
  ).items;
}

const agentTripsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['agent', 'trips', date] as const,
    queryFn: ({ signal }) => getAgentTrips(date, signal),
    // Seats go while the agent talks to a customer: the list follows.
    refetchInterval: 60_000,
  });

export function useAgentTrips(date: string) {
  return useQuery(agentTripsQueryOptions(date));
}
