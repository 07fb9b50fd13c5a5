// POST /api/bookings/{id}/withdraw: the customer withdraws a request-to-book the owner has not answered.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicBookingResponseSchema } from '@boats/domain/schemas/booking';
import { apiFetch } from '../../../shared/api/http';
import { managedBookingKey } from './get-managed-booking';

function withdrawRequest(input: { id: string; token: string }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/withdraw`, {
    method: 'POST',
    body: { token: input.token },
    schema: publicBookingResponseSchema,
  });
}

export function useWithdrawRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawRequest,
    onSuccess: (answer, input) =>
      client.setQueryData(managedBookingKey(input.id, input.token), answer.booking),
  });
}
