// GET /api/agent/sales: the agent's own sales this month, what it earned and what it owes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentSalesResponseSchema, type AgentSales } from '@boats/domain/schemas/agents';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function getAgentSales(signal?: AbortSignal): Promise<AgentSales> {
  return adminFetch('/api/agent/sales', { schema: agentSalesResponseSchema, signal });
}

const agentSalesQueryOptions = () =>
  queryOptions({ queryKey: ['agent', 'sales'] as const, queryFn: ({ signal }) => getAgentSales(signal) });

export function useAgentSales() {
  return useQuery(agentSalesQueryOptions());
}
