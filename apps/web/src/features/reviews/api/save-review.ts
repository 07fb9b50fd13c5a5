// POST /api/reviews (the first time) or PUT /api/reviews/{bookingId} (a change within 48 h).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewFormResponseSchema, type ReviewSubmit } from '@boats/domain/schemas/review';
import { apiFetch } from '../../../shared/api/http';

function saveReview(input: ReviewSubmit & { change: boolean }) {
  const { change, ...body } = input;
  return apiFetch(change ? `/api/reviews/${encodeURIComponent(body.bookingId)}` : '/api/reviews', {
    method: change ? 'PUT' : 'POST',
    body,
    schema: reviewFormResponseSchema,
  });
}

export function useSaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: (answer) => client.setQueryData(['review-form', answer.bookingId], answer),
  });
}
