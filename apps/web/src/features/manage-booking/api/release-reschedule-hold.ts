// POST /api/bookings/{id}/reschedule/release: the customer goes back from paying a dearer trip;
// its held seats go back on sale at once and the trips are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rescheduleReleaseResponseSchema } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';

function releaseRescheduleHold(input: { id: string; token: string }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/reschedule/release`, {
    method: 'POST',
    body: { token: input.token },
    schema: rescheduleReleaseResponseSchema,
  });
}

export function useReleaseRescheduleHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releaseRescheduleHold,
    onSettled: (_answer, _error, input) =>
      void client.invalidateQueries({ queryKey: ['managed-booking', input.id, 'reschedule'] }),
  });
}
