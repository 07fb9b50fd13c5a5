// POST /api/crew/bookings/{id}/payment-link: the booking's payment link e-mailed again (the same
// link, the same hold); the booking's history gains the entry, so its details are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentLinkResentSchema, type PaymentLinkResent } from '@boats/domain/schemas/payment-link';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { bookingDetailsQueryOptions } from './get-booking-details';

function resendPaymentLink(bookingId: string): Promise<PaymentLinkResent> {
  return adminFetch(`/api/crew/bookings/${encodeURIComponent(bookingId)}/payment-link`, {
    method: 'POST',
    schema: paymentLinkResentSchema,
  });
}

export function useResendPaymentLink(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendPaymentLink(bookingId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: bookingDetailsQueryOptions(bookingId).queryKey }),
  });
}
