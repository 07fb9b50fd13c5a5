// GET /api/boats/{id}/reviews?lng=&order=: a boat's published reviews, the reader's language first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@boats/domain/languages';
import { readCountryNamesOfNextLanguage } from '@boats/domain/country-names';
import type { ReviewOrder } from '@boats/domain/reviews';
import type { BoatReviewsResponse } from '@boats/domain/schemas/review';
import { apiFetch } from '../../api/http';
import { BOAT_SCHEMAS, loadSchemas } from '../../api/load-schemas';

function getBoatReviews(
  boatId: string,
  lng: LanguageCode,
  order: ReviewOrder,
  signal?: AbortSignal,
): Promise<BoatReviewsResponse> {
  const query = new URLSearchParams({ lng, order });
  // The answer's schema (and zod) comes with the call, not with the booking flow.
  const reviews = Promise.all([
    apiFetch(`/api/boats/${encodeURIComponent(boatId)}/reviews?${query.toString()}`, { signal }),
    loadSchemas(() => import('@boats/domain/schemas/review'), BOAT_SCHEMAS),
  ]).then(([answer, { boatReviewsResponseSchema }]) => boatReviewsResponseSchema.parse(answer));
  // The reviewers' countries are named in the reader's language (boat-reviews.tsx): the names
  // are read while the answer comes, in short tasks, not all at once in the list's render.
  return Promise.all([reviews, readCountryNames()]).then(([answer]) => answer);
}

async function readCountryNames(): Promise<void> {
  while (readCountryNamesOfNextLanguage()) await new Promise((resolve) => setTimeout(resolve, 0));
}

const boatReviewsQueryOptions = (boatId: string, lng: LanguageCode, order: ReviewOrder) =>
  queryOptions({
    queryKey: ['boat-reviews', boatId, lng, order] as const,
    queryFn: ({ signal }) => getBoatReviews(boatId, lng, order, signal),
    staleTime: 60_000,
  });

export function useBoatReviews(boatId: string, lng: LanguageCode, order: ReviewOrder) {
  return useQuery(boatReviewsQueryOptions(boatId, lng, order));
}
