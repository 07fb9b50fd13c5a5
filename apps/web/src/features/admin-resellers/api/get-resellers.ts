// GET /api/admin/resellers: the resellers with their API keys (never the keys themselves).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellersListResponseSchema, type Reseller } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getResellers(signal?: AbortSignal): Promise<Reseller[]> {
  return (await adminFetch('/api/admin/resellers', { schema: resellersListResponseSchema, signal })).items;
}

export const resellersQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'resellers'] as const, queryFn: ({ signal }) => getResellers(signal) });

export function useResellers() {
  return useQuery(resellersQueryOptions());
}
