// GET /api/admin/staff: the admin and crew accounts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffListResponseSchema, type StaffAccount } from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getStaff(signal?: AbortSignal): Promise<StaffAccount[]> {
  return (await adminFetch('/api/admin/staff', { schema: staffListResponseSchema, signal })).items;
}

export const staffQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'staff'] as const, queryFn: ({ signal }) => getStaff(signal) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
