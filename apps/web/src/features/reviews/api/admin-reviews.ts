// The back office's reviews: GET /api/admin/reviews (the caller's boats, every boat for the
// admin), the owner's one answer and the admin's hiding; both mutations refresh the list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  backOfficeReviewSchema,
  backOfficeReviewsResponseSchema,
  type BackOfficeReview,
  type ReviewHideRequest,
  type ReviewReplyRequest,
} from '@boats/domain/schemas/review';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function fetchAdminReviews(signal?: AbortSignal): Promise<BackOfficeReview[]> {
  return (await adminFetch('/api/admin/reviews', { schema: backOfficeReviewsResponseSchema, signal })).items;
}

const adminReviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'reviews'] as const,
    queryFn: ({ signal }) => fetchAdminReviews(signal),
    staleTime: 0,
  });

export function useAdminReviews() {
  return useQuery(adminReviewsQueryOptions());
}

export function useReplyToReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: ReviewReplyRequest) =>
      adminFetch(`/api/admin/reviews/${encodeURIComponent(id)}/reply`, {
        method: 'POST',
        body: answer,
        schema: backOfficeReviewSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminReviewsQueryOptions().queryKey }),
  });
}

export function useHideReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ReviewHideRequest) =>
      adminFetch(`/api/admin/reviews/${encodeURIComponent(id)}/hide`, {
        method: 'POST',
        body: request,
        schema: backOfficeReviewSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminReviewsQueryOptions().queryKey }),
  });
}
