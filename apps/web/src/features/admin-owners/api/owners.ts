// GET /api/admin/owners and PATCH /api/admin/owners/{id}: the platform admin's list of the boat
// owners, and the changes they make to one (commission rate, suspension; docs/back-office.md#owners).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownerListResponseSchema, ownerResponseSchema, type OwnerUpdate } from '@boats/domain/schemas/owner';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const ownersKey = ['admin', 'owners'] as const;

export function useOwners() {
  return useQuery({
    queryKey: ownersKey,
    queryFn: async ({ signal }) =>
      (await adminFetch('/api/admin/owners', { schema: ownerListResponseSchema, signal })).items,
  });
}

export function useUpdateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: OwnerUpdate }) =>
      adminFetch(`/api/admin/owners/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
        schema: ownerResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
