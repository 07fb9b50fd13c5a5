// GET /api/admin/boats: every boat, inactive ones too, with its upcoming bookings, for the admin list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBoatsListResponseSchema, type AdminBoat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getAdminBoats(signal?: AbortSignal): Promise<AdminBoat[]> {
  return (await adminFetch('/api/admin/boats', { schema: adminBoatsListResponseSchema, signal })).items;
}

export const adminBoatsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'boats'] as const, queryFn: ({ signal }) => getAdminBoats(signal) });

export function useAdminBoats() {
  return useQuery(adminBoatsQueryOptions());
}
