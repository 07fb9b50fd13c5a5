// POST /api/reviews/{id}/helpful: a reader found a review helpful.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../api/http';

function markHelpful(id: string) {
  return apiFetch(`/api/reviews/${encodeURIComponent(id)}/helpful`, { method: 'POST' });
}

export function useMarkHelpful() {
  return useMutation({ mutationFn: markHelpful });
}
