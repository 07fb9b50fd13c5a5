// GET /api/admin/erasure-requests (admin only): customers' erasure requests still waiting,
// soonest due first; POST …/{id}/carry-out erases what is held under the request's address.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { erasureCarriedOutSchema, erasureQueueSchema } from '@boats/domain/schemas/erasure';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const erasureRequestsKey = ['admin', 'erasure-requests'] as const;

export function useErasureRequests() {
  return useQuery({
    queryKey: erasureRequestsKey,
    queryFn: ({ signal }) =>
      adminFetch('/api/admin/erasure-requests', { schema: erasureQueueSchema, signal }),
    select: (data) => data.requests,
  });
}

function carryOut(id: string) {
  return adminFetch(`/api/admin/erasure-requests/${encodeURIComponent(id)}/carry-out`, {
    method: 'POST',
    schema: erasureCarriedOutSchema,
  });
}

export function useCarryOutErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: carryOut,
    onSuccess: () => client.invalidateQueries({ queryKey: erasureRequestsKey }),
  });
}
