// POST /api/bookings/{id}/cancel: the customer cancels under the policy, for the refund shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingCancelResponseSchema } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';
import { refreshBookingInvoices } from '../../../shared/checkout/api/booking-invoices';
import { managedBookingKey } from './get-managed-booking';

function cancelBooking(input: { id: string; token: string; expectedRefund: number }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/cancel`, {
    method: 'POST',
    body: { token: input.token, expectedRefund: input.expectedRefund },
    schema: bookingCancelResponseSchema,
  });
}

export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (answer, input) => {
      client.setQueryData(managedBookingKey(input.id, input.token), answer.booking);
      void client.invalidateQueries({ queryKey: ['managed-booking', input.id, 'cancellation'] });
      refreshBookingInvoices(client, input.id);
    },
  });
}
