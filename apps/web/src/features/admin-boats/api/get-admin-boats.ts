// GET /api/admin/boats: every boat, inactive ones too, for the admin list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boatsListResponseSchema, type Boat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getAdminBoats(signal?: AbortSignal): Promise<Boat[]> {
  return (await adminFetch('/api/admin/boats', { schema: boatsListResponseSchema, signal })).items;
}

export const adminBoatsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'boats'] as const, queryFn: ({ signal }) => getAdminBoats(signal) });

export function useAdminBoats() {
  return useQuery(adminBoatsQueryOptions());
}
