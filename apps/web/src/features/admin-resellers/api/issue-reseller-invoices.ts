// POST /api/admin/resellers/{id}/invoices: issues a closed month's invoices to the reseller (one
// per issuer not yet issued); the answer is the month's list, and its statement is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerInvoicesResponseSchema } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellerInvoicesQueryOptions } from './get-reseller-invoices';

async function issueResellerInvoices(id: string, month: string) {
  return adminFetch(`/api/admin/resellers/${encodeURIComponent(id)}/invoices`, {
    method: 'POST',
    body: { month },
    schema: resellerInvoicesResponseSchema,
  });
}

export function useIssueResellerInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, month }: { id: string; month: string }) => issueResellerInvoices(id, month),
    onSuccess: async (answer, { id, month }) => {
      queryClient.setQueryData(resellerInvoicesQueryOptions(id, month).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'resellers', id, 'statement'] });
    },
  });
}
