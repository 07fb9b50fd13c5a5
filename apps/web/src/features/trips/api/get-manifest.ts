// GET /api/crew/trips/{slotId}/manifest: who travels on one trip; on a crew phone without
// signal, the copy it saved (offline/crew-read.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { manifestResponseSchema, type ManifestResponse } from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { MANIFEST_KEY, readWithSavedCopy } from '../offline/crew-read';

export function fetchManifest(slotId: string, signal?: AbortSignal): Promise<ManifestResponse> {
  return adminFetch(`/api/crew/trips/${encodeURIComponent(slotId)}/manifest`, {
    schema: manifestResponseSchema,
    signal,
  });
}

const manifestQueryOptions = (slotId: string) =>
  queryOptions({
    queryKey: ['trips', 'manifest', slotId] as const,
    queryFn: ({ signal }) =>
      readWithSavedCopy(`${MANIFEST_KEY}${slotId}`, (limited) => fetchManifest(slotId, limited), signal),
    refetchInterval: 30_000,
    // Asked even when the browser says it is offline: a crew phone answers from its saved copy.
    networkMode: 'always',
  });

export function useManifest(slotId: string) {
  return useQuery(manifestQueryOptions(slotId));
}
