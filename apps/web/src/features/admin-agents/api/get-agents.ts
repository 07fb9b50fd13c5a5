// GET /api/admin/agents: every agent with this month's sales and what each owes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentsListResponseSchema, type Agent } from '@boats/domain/schemas/agents';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getAgents(signal?: AbortSignal): Promise<Agent[]> {
  return (await adminFetch('/api/admin/agents', { schema: agentsListResponseSchema, signal })).items;
}

export const agentsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'agents'] as const, queryFn: ({ signal }) => getAgents(signal) });

export function useAgents() {
  return useQuery(agentsQueryOptions());
}
