// GET /api/admin/resellers/{id}/invoices?month=: the platform's invoices to the reseller for a
// month, the billing details it lacks and the sales still waiting for an invoice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  resellerInvoicesResponseSchema,
  type ResellerInvoicesResponse,
} from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getResellerInvoices(
  id: string,
  month: string,
  signal?: AbortSignal,
): Promise<ResellerInvoicesResponse> {
  return adminFetch(
    `/api/admin/resellers/${encodeURIComponent(id)}/invoices?month=${encodeURIComponent(month)}`,
    { schema: resellerInvoicesResponseSchema, signal },
  );
}

export const resellerInvoicesQueryOptions = (id: string, month: string) =>
  queryOptions({
    queryKey: ['admin', 'resellers', id, 'invoices', month] as const,
    queryFn: ({ signal }) => getResellerInvoices(id, month, signal),
  });

export function useResellerInvoices(id: string, month: string) {
  return useQuery(resellerInvoicesQueryOptions(id, month));
}
