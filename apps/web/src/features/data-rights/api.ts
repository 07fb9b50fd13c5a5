// A customer's data rights (docs/privacy.md#proof-of-address): the e-mailed link, opened for the
// export (…/export) or the erasure (…/erasure). Opening spends the link, so the export is fetched
// once per page and kept.
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { personalDataExportSchema } from '@boats/domain/schemas/data-rights';
import { erasureAnswerSchema } from '@boats/domain/schemas/erasure';
import { apiFetch } from '../../shared/api/http';

/** The export as sent (`raw`, for the file) and as the page reads it. */
export function useOpenedExport(token: string) {
  return useQuery({
    queryKey: ['personal-data-export', token],
    queryFn: async () => {
      const raw = await apiFetch('/api/personal-data/export', {
        method: 'POST',
        body: { token },
        schema: z.record(z.string(), z.unknown()),
      });
      return { raw, data: personalDataExportSchema.parse(raw) };
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useOpenErasure() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch('/api/personal-data/erasure', {
        method: 'POST',
        body: { token },
        schema: erasureAnswerSchema,
      }),
  });
}
