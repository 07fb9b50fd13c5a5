// GET /api/admin/boats, for the boats a code may be for (an owner: their own boats).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBoatsListResponseSchema } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';

type BoatChoice = { id: string; title: string };

async function getBoatChoices(signal?: AbortSignal): Promise<BoatChoice[]> {
  const { items } = await adminFetch('/api/admin/boats', { schema: adminBoatsListResponseSchema, signal });
  return items.map((b) => ({ id: b._id, title: b.title }));
}

export function useBoatChoices() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'promo-codes', 'boats'] as const,
      queryFn: ({ signal }) => getBoatChoices(signal),
    }),
  );
}
