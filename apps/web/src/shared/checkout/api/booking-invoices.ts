// The booking's invoices (GET /checkout/booking/{id}/invoices) and a company's full invoice in
// place of the simplified one (POST /api/bookings/{id}/invoice): an invoice names its recipient,
// so both need the booking's manage token.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookingInvoicesResponseSchema,
  fullInvoiceResponseSchema,
  type FullInvoiceCompany,
} from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../api/http';

const invoicesKey = (bookingId: string) => ['booking-invoices', bookingId] as const;

/**
 * After a change that issues a document (a cancel's refund, a change of date), the booking's
 * invoices are read again, so "Your invoices" shows the new one without a reload.
 */
export function refreshBookingInvoices(client: QueryClient, bookingId: string): void {
  void client.invalidateQueries({ queryKey: invoicesKey(bookingId) });
}

const withToken = (token: string) => `?${new URLSearchParams({ token }).toString()}`;

export function useBookingInvoices(bookingId: string, token: string | undefined) {
  return useQuery({
    queryKey: invoicesKey(bookingId),
    queryFn: () =>
      apiFetch(`/checkout/booking/${encodeURIComponent(bookingId)}/invoices${withToken(token ?? '')}`, {
        schema: bookingInvoicesResponseSchema,
      }),
    enabled: Boolean(token),
  });
}

/** The PDF of one of the booking's invoices, with its VERI*FACTU QR code. */
export function bookingInvoicePdfUrl(bookingId: string, invoiceId: string, token: string): string {
  return `/checkout/booking/${encodeURIComponent(bookingId)}/invoices/${encodeURIComponent(invoiceId)}/pdf${withToken(token)}`;
}

export function useRequestFullInvoice(bookingId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: FullInvoiceCompany) =>
      apiFetch(`/api/bookings/${encodeURIComponent(bookingId)}/invoice`, {
        method: 'POST',
        body: { ...company, token },
        schema: fullInvoiceResponseSchema,
      }),
    onSuccess: () => refreshBookingInvoices(queryClient, bookingId),
  });
}
