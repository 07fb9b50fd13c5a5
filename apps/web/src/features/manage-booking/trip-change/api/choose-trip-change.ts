// POST /api/bookings/{id}/trip-change: move to another trip, or take the refund.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tripChangeResultSchema, type TripChangeChoice } from '@boats/domain/schemas/trip-cancellation';
import { apiFetch } from '../../../../shared/api/http';

function chooseTripChange(input: { bookingId: string; choice: TripChangeChoice }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.bookingId)}/trip-change`, {
    method: 'POST',
    body: input.choice,
    schema: tripChangeResultSchema,
  });
}

export function useChooseTripChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseTripChange,
    // The booking itself changed (new trip and tickets, or refunded): every view of it reloads.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
