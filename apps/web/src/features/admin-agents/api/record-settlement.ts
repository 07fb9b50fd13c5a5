// POST /api/admin/agents/{id}/settlements: cash the admin received from an agent (audited
// agent.settle); what the agent owes goes down by it, and the list is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentResponseSchema, type Agent } from '@boats/domain/schemas/agents';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { agentsQueryOptions } from './get-agents';

async function recordSettlement(input: {
  agentId: string;
  body: { amount: number; note?: string | undefined; receivedOn: string };
}): Promise<Agent> {
  return (
    await adminFetch(`/api/admin/agents/${encodeURIComponent(input.agentId)}/settlements`, {
      method: 'POST',
      body: input.body,
      schema: agentResponseSchema,
    })
  ).agent;
}

export function useRecordSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSettlement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsQueryOptions().queryKey }),
  });
}
