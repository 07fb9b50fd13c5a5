// PUT /api/admin/resellers/{id}/billing: whom the platform's invoices to the reseller name; the
// list and the reseller's invoices (what they still lack) are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  resellerResponseSchema,
  type Reseller,
  type ResellerBillingInput,
} from '@boats/domain/schemas/resellers';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { resellersQueryOptions } from './get-resellers';

async function setResellerBilling(id: string, billing: ResellerBillingInput): Promise<Reseller> {
  return (
    await adminFetch(`/api/admin/resellers/${encodeURIComponent(id)}/billing`, {
      method: 'PUT',
      body: billing,
      schema: resellerResponseSchema,
    })
  ).reseller;
}

export function useSetResellerBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, billing }: { id: string; billing: ResellerBillingInput }) =>
      setResellerBilling(id, billing),
    onSuccess: async (_data, { id }) => {
      await queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'resellers', id, 'invoices'] });
    },
  });
}
