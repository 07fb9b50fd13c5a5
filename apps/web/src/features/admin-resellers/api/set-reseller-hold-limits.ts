// PUT /api/admin/resellers/{id}/hold-limits: what the reseller's keys may hold unconfirmed (null:
// the server's setting); the list is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resellerResponseSchema,
  type Reseller,
  type ResellerHoldLimitsInput,
} from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

async function setResellerHoldLimits(id: string, limits: ResellerHoldLimitsInput): Promise<Reseller> {
  return (
    await adminFetch(`/api/admin/resellers/${encodeURIComponent(id)}/hold-limits`, {
      method: 'PUT',
      body: limits,
      schema: resellerResponseSchema,
    })
  ).reseller;
}

export function useSetResellerHoldLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, limits }: { id: string; limits: ResellerHoldLimitsInput }) =>
      setResellerHoldLimits(id, limits),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey, exact: true }),
  });
}
