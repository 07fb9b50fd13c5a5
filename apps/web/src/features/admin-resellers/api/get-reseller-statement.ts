// GET /api/admin/resellers/{id}/statement?month=: a reseller's month on account (euros).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerStatementSchema, type ResellerStatement } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getResellerStatement(
  id: string,
  month: string,
  signal?: AbortSignal,
): Promise<ResellerStatement> {
  return adminFetch(
    `/api/admin/resellers/${encodeURIComponent(id)}/statement?month=${encodeURIComponent(month)}`,
    { schema: resellerStatementSchema, signal },
  );
}

const resellerStatementQueryOptions = (id: string, month: string) =>
  queryOptions({
    queryKey: ['admin', 'resellers', id, 'statement', month] as const,
    queryFn: ({ signal }) => getResellerStatement(id, month, signal),
  });

export function useResellerStatement(id: string, month: string) {
  return useQuery(resellerStatementQueryOptions(id, month));
}
