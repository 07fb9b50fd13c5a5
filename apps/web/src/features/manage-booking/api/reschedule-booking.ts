// POST /api/bookings/{id}/reschedule: the customer moves their booking to another trip, for the
// difference they were shown; a dearer trip answers the card payment of the difference instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rescheduleResponseSchema } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';
import { refreshBookingInvoices } from '../../../shared/checkout/api/booking-invoices';
import { managedBookingKey } from './get-managed-booking';

function rescheduleBooking(input: {
  id: string;
  token: string;
  slotId: string;
  hours?: number | undefined;
  expectedDifference: number;
}) {
  return apiFetch(`/api/bookings/${encodeURIComponent(input.id)}/reschedule`, {
    method: 'POST',
    body: {
      token: input.token,
      slotId: input.slotId,
      ...(input.hours ? { hours: input.hours } : {}),
      expectedDifference: input.expectedDifference,
    },
    schema: rescheduleResponseSchema,
  });
}

export function useRescheduleBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSuccess: (answer, input) => {
      client.setQueryData(managedBookingKey(input.id, input.token), answer.booking);
      void client.invalidateQueries({ queryKey: ['managed-booking', input.id] });
      refreshBookingInvoices(client, input.id);
    },
    // A refusal (the seats went, the price moved): the trips are read again.
    onError: (_error, input) =>
      void client.invalidateQueries({ queryKey: ['managed-booking', input.id, 'reschedule'] }),
  });
}
