// GET /api/admin/resellers/boats: the boats a reseller may be given, with their owners' opt-in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerBoatChoicesResponseSchema, type ResellerBoatChoice } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getResellerBoats(signal?: AbortSignal): Promise<ResellerBoatChoice[]> {
  return (
    await adminFetch('/api/admin/resellers/boats', { schema: resellerBoatChoicesResponseSchema, signal })
  ).items;
}

const resellerBoatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'resellers', 'boats'] as const,
    queryFn: ({ signal }) => getResellerBoats(signal),
  });

export function useResellerBoats() {
  return useQuery(resellerBoatsQueryOptions());
}
