// POST /api/crew/trips/{slotId}/bookings: staff book a walk-in or phone customer and record the
// money taken in person; the trip's sales, its manifest and the day's takings change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  operatorBookingResponseSchema,
  type OperatorBookingRequest,
  type OperatorBookingResponse,
} from '@boats/domain/schemas/operator-booking';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function bookWalkIn(input: {
  slotId: string;
  body: OperatorBookingRequest;
}): Promise<OperatorBookingResponse> {
  return adminFetch(`/api/crew/trips/${encodeURIComponent(input.slotId)}/bookings`, {
    method: 'POST',
    body: input.body,
    schema: operatorBookingResponseSchema,
  });
}

export function useBookWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookWalkIn,
    // The day's list (sales, takings) and every manifest live under ['trips'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
