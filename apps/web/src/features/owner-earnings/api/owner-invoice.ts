// GET /api/owner/invoices/{id}: one invoice or credit note with both parties and its lines, for
// the printable page. An owner reads their own (another's is not found); the admin anyone's.
import { useQuery } from '@tanstack/react-query';
import { invoiceSchema } from '@boats/domain/schemas/invoices';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useOwnerInvoice(id: string) {
  return useQuery({
    queryKey: ['owner', 'invoice', id] as const,
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/invoices/${encodeURIComponent(id)}`, { schema: invoiceSchema, signal }),
  });
}
