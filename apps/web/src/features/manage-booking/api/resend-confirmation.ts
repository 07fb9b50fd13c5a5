// POST /api/bookings/{id}/resend: the confirmation e-mail again, to the booking's address.
import { useMutation } from '@tanstack/react-query';
import { bookingResendResponseSchema } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';

function resendConfirmation(input: { id: string; token: string }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/resend`, {
    method: 'POST',
    body: { token: input.token },
    schema: bookingResendResponseSchema,
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
