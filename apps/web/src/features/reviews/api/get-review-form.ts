// GET /api/reviews/form?booking=&token=: what the review link opens.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewFormResponseSchema, type ReviewFormResponse } from '@boats/domain/schemas/review';
import { apiFetch } from '../../../shared/api/http';

function getReviewForm(booking: string, token: string, signal?: AbortSignal): Promise<ReviewFormResponse> {
  const query = new URLSearchParams({ booking, token });
  return apiFetch(`/api/reviews/form?${query.toString()}`, { schema: reviewFormResponseSchema, signal });
}

const reviewFormQueryOptions = (booking: string, token: string) =>
  queryOptions({
    queryKey: ['review-form', booking] as const,
    queryFn: ({ signal }) => getReviewForm(booking, token, signal),
    retry: false,
  });

export function useReviewForm(booking: string, token: string) {
  return useQuery(reviewFormQueryOptions(booking, token));
}
