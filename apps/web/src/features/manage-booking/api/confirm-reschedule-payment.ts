// POST /api/bookings/{id}/reschedule/confirm: the card paid a dearer trip's difference; the booking
// moves (or, were the held seats given up meanwhile, keeps its date and the payment goes back).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rescheduleConfirmResponseSchema } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';
import { refreshBookingInvoices } from '../../../shared/checkout/api/booking-invoices';
import { managedBookingKey } from './get-managed-booking';

function confirmReschedulePayment(input: { id: string; token: string; paymentIntentId: string }) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/reschedule/confirm`, {
    method: 'POST',
    body: { token: input.token, paymentIntentId: input.paymentIntentId },
    schema: rescheduleConfirmResponseSchema,
  });
}

export function useConfirmReschedulePayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmReschedulePayment,
    onSuccess: (answer, input) => {
      client.setQueryData(managedBookingKey(input.id, input.token), answer.booking);
      void client.invalidateQueries({ queryKey: ['managed-booking', input.id] });
      refreshBookingInvoices(client, input.id);
    },
  });
}
