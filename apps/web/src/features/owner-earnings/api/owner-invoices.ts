// GET /api/owner/invoices: the platform's commission invoices and credit notes to an owner
// (docs/payments.md#commission-invoices); the admin names the owner.
import { useQuery } from '@tanstack/react-query';
import { invoicesResponseSchema } from '@boats/domain/schemas/invoices';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useOwnerInvoices(ownerId: string | null) {
  return useQuery({
    queryKey: ['owner', 'invoices', ownerId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/invoices${ownerId ? `?ownerId=${encodeURIComponent(ownerId)}` : ''}`, {
        schema: invoicesResponseSchema,
        signal,
      }),
  });
}
