// POST /api/admin/agents: a new agent account and its commission; the list is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentResponseSchema, type Agent, type AgentCreate } from '@boats/domain/schemas/agents';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { agentsQueryOptions } from './get-agents';

async function createAgent(input: AgentCreate): Promise<Agent> {
  return (await adminFetch('/api/admin/agents', { method: 'POST', body: input, schema: agentResponseSchema }))
    .agent;
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
}
