// GET /api/reviews/summary: the average and count of every published review (the hero's and
// the "why us" block's rating line). No zod here: the landing route has a size budget; the
// answer is checked by hand and anything unexpected shows no rating rather than a wrong one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rating } from '@boats/domain/reviews';
import { apiFetch } from '../../../shared/api/http';

async function getSiteRating(signal?: AbortSignal): Promise<Rating | null> {
  const answer = await apiFetch<{ rating?: Partial<Rating> }>('/api/reviews/summary', { signal });
  const { average, count } = answer.rating ?? {};
  return typeof average === 'number' && typeof count === 'number' ? { average, count } : null;
}

const siteRatingQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'summary'] as const,
    queryFn: ({ signal }) => getSiteRating(signal),
    staleTime: 5 * 60_000,
  });

export function useSiteRating(): Rating | null {
  return useQuery(siteRatingQueryOptions()).data ?? null;
}
