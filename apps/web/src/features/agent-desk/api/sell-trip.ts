// POST /api/agent/trips/{slotId}/bookings: the agent sells seats to its customer, cash in hand or
// a card payment link; the day's seats and the agent's sales change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentBookingRequest } from '@boats/domain/schemas/agents';
import {
  operatorBookingResponseSchema,
  type OperatorBookingResponse,
} from '@boats/domain/schemas/operator-booking';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function sellTrip(input: { slotId: string; body: AgentBookingRequest }): Promise<OperatorBookingResponse> {
  return adminFetch(`/api/agent/trips/${encodeURIComponent(input.slotId)}/bookings`, {
    method: 'POST',
    body: input.body,
    schema: operatorBookingResponseSchema,
  });
}

export function useSellTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellTrip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent'] }),
  });
}
