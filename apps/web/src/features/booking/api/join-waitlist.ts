// POST /api/waitlist: "Tell me when seats free up" on a full shared trip.
import { useMutation } from '@tanstack/react-query';
import {
  waitlistJoinResponseSchema,
  type WaitlistJoin,
  type WaitlistJoinResponse,
} from '@boats/domain/schemas/waitlist';
import { apiFetch } from '../../../shared/api/http';

function joinWaitlist(body: WaitlistJoin): Promise<WaitlistJoinResponse> {
  return apiFetch('/api/waitlist', { method: 'POST', body, schema: waitlistJoinResponseSchema });
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
