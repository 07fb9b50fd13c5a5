// POST /api/admin/invoices/issue: the admin issues a month's commission invoices and credit notes
// now, as the monthly job does on the first of the next month.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issueInvoicesResponseSchema } from '@boats/domain/schemas/invoices';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function useIssueInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) =>
      adminFetch('/api/admin/invoices/issue', {
        method: 'POST',
        body: { period },
        schema: issueInvoicesResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['owner', 'invoices'] }),
  });
}
