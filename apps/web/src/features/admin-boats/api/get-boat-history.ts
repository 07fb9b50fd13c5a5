// GET /api/admin/boats/:id/history: who created, edited, published or suspended the boat, when
// and what changed, newest first (docs/back-office.md#listings). The platform admin's route:
// owners are refused it, so the editor shows it to the admin only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { boatHistoryResponseSchema, type BoatHistoryEntry } from '@boats/domain/schemas/owner';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getBoatHistory(id: string, signal?: AbortSignal): Promise<BoatHistoryEntry[]> {
  const path = `/api/admin/boats/${encodeURIComponent(id)}/history`;
  return (await adminFetch(path, { schema: boatHistoryResponseSchema, signal })).items;
}

export const boatHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'boats', id, 'history'] as const,
    queryFn: ({ signal }) => getBoatHistory(id, signal),
  });

export function useBoatHistory(id: string) {
  return useQuery(boatHistoryQueryOptions(id));
}
