// POST /api/admin/resellers: a new reseller; the list is asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resellerResponseSchema,
  type Reseller,
  type ResellerCreateBody,
} from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

// Its boats are chosen on its card afterwards: left out, the server gives it none.
async function createReseller(input: ResellerCreateBody): Promise<Reseller> {
  return (
    await adminFetch('/api/admin/resellers', { method: 'POST', body: input, schema: resellerResponseSchema })
  ).reseller;
}

export function useCreateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReseller,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
