// POST /api/payment-link: the link of a staff member's payment e-mail opened. The server answers
// the booking and, while its hold lasts, the hold's card payment (the same one however often it
// is asked), so this is read like a query, once per booking.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentLinkViewSchema, type PaymentLinkView } from '@boats/domain/schemas/payment-link';
import { apiFetch } from '../../../shared/api/http';

function openPaymentLink(booking: string, token: string, signal?: AbortSignal): Promise<PaymentLinkView> {
  return apiFetch('/api/payment-link', {
    method: 'POST',
    body: { booking, token },
    schema: paymentLinkViewSchema,
    signal,
  });
}

const paymentLinkQueryOptions = (booking: string, token: string) =>
  queryOptions({
    queryKey: ['payment-link', booking] as const,
    queryFn: ({ signal }) => openPaymentLink(booking, token, signal),
    retry: false,
    staleTime: Infinity,
  });

export function usePaymentLink(booking: string, token: string) {
  return useQuery(paymentLinkQueryOptions(booking, token));
}
