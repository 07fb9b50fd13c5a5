// GET /api/agent/trips?date=: what an agent may sell on a Canary day: the shared trips with seats
// left, and the free charter starts with the lengths and prices the boat allows from each.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentTripsResponseSchema, type AgentTrips } from '@boats/domain/schemas/agents';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function getAgentTrips(date: string, signal?: AbortSignal): Promise<AgentTrips> {
  return adminFetch(`/api/agent/trips?date=${encodeURIComponent(date)}`, {
    schema: agentTripsResponseSchema,
    signal,
  });
}

const agentTripsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['agent', 'trips', date] as const,
    queryFn: ({ signal }) => getAgentTrips(date, signal),
    // Seats and hours go while the agent talks to a customer: the list follows.
    refetchInterval: 60_000,
  });

export function useAgentTrips(date: string) {
  return useQuery(agentTripsQueryOptions(date));
}
