// POST /api/bookings/{id}/erasure: the customer asks to erase everything held under the
// booking's address; done at once, or queued until a trip or refund is over.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { erasureAnswerSchema } from '@boats/domain/schemas/erasure';
import { apiFetch } from '../../../shared/api/http';

function requestErasure(input: { id: string; token: string }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/erasure`, {
    method: 'POST',
    body: { token: input.token },
    schema: erasureAnswerSchema,
  });
}

export function useRequestErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestErasure,
    // Done at once: the booking no longer shows a name, an address or a phone.
    onSuccess: (answer, input) => {
      if (answer.status === 'done')
        void client.invalidateQueries({ queryKey: ['managed-booking', input.id] });
    },
  });
}
