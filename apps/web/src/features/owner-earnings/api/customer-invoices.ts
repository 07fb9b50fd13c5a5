// GET /api/owner/customer-invoices: the invoices the platform issued to the owner's customers in
// the owner's name (docs/invoicing.md#customers-invoices-in-the-owners-name); the admin names the owner.
import { useQuery } from '@tanstack/react-query';
import { customerInvoicesResponseSchema } from '@boats/domain/schemas/owner-invoicing';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useCustomerInvoices(ownerId: string | null) {
  return useQuery({
    queryKey: ['owner', 'customer-invoices', ownerId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/customer-invoices${ownerId ? `?ownerId=${encodeURIComponent(ownerId)}` : ''}`, {
        schema: customerInvoicesResponseSchema,
        signal,
      }),
  });
}
