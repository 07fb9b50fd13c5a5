// GET /api/owner/customer-invoices/{id}: one invoice issued to the owner's customers in the owner's
// name, in full, for its printable page. An owner reads their own (another's is not found).
import { useQuery } from '@tanstack/react-query';
import { customerInvoiceDetailSchema } from '@boats/domain/schemas/owner-invoicing';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useCustomerInvoice(id: string) {
  return useQuery({
    queryKey: ['owner', 'customer-invoice', id] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/customer-invoices/${encodeURIComponent(id)}`, {
        schema: customerInvoiceDetailSchema,
        signal,
      }),
  });
}
