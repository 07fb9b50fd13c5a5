// PUT /api/admin/resellers/{id}/boats: which boats the reseller may sell.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resellerResponseSchema, type ResellerBoatsInput } from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

async function setResellerBoats(resellerId: string, choice: ResellerBoatsInput) {
  return adminFetch(`/api/admin/resellers/${encodeURIComponent(resellerId)}/boats`, {
    method: 'PUT',
    body: choice,
    schema: resellerResponseSchema,
  });
}

export function useSetResellerBoats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resellerId, choice }: { resellerId: string; choice: ResellerBoatsInput }) =>
      setResellerBoats(resellerId, choice),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey, exact: true }),
  });
}
