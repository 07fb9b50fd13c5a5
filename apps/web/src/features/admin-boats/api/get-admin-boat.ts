// GET /api/admin/boats/:id: one boat for its editor.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boatResponseSchema, type Boat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getAdminBoat(id: string, signal?: AbortSignal): Promise<Boat> {
  const path = `/api/admin/boats/${encodeURIComponent(id)}`;
  return (await adminFetch(path, { schema: boatResponseSchema, signal })).boat;
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
