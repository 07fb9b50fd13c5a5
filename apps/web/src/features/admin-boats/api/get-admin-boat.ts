// GET /api/admin/boats/:id: one boat for its editor, with its listing and what it still needs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBoatResponseSchema, type AdminBoat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getAdminBoat(id: string, signal?: AbortSignal): Promise<AdminBoat> {
  const path = `/api/admin/boats/${encodeURIComponent(id)}`;
  return (await adminFetch(path, { schema: adminBoatResponseSchema, signal })).boat;
}

export const adminBoatQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'boats', id] as const,
    queryFn: ({ signal }) => getAdminBoat(id, signal),
    // The editor holds unsaved typing: never reload the boat under it.
    staleTime: Infinity,
  });

export function useAdminBoat(id: string | undefined) {
  return useQuery({ ...adminBoatQueryOptions(id ?? ''), enabled: Boolean(id) });
}
