// GET /api/crew/trips/{slotId}/manifest: who travels on one trip.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { manifestResponseSchema, type ManifestResponse } from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function getManifest(slotId: string, signal?: AbortSignal): Promise<ManifestResponse> {
  return adminFetch(`/api/crew/trips/${encodeURIComponent(slotId)}/manifest`, {
    schema: manifestResponseSchema,
    signal,
  });
}

const manifestQueryOptions = (slotId: string) =>
  queryOptions({
    queryKey: ['trips', 'manifest', slotId] as const,
    queryFn: ({ signal }) => getManifest(slotId, signal),
    refetchInterval: 30_000,
  });

export function useManifest(slotId: string) {
  return useQuery(manifestQueryOptions(slotId));
}
