// POST /api/admin/boats/{id}/reseller-commission (the platform admin): who gives up a reseller's
// commission on the boat's sales (docs/channels.md#money).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionBearer } from '@boats/domain/octo';
import { adminBoatResponseSchema, type AdminBoat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { adminBoatQueryOptions } from './get-admin-boat';

async function setCommissionBearer(id: string, bearer: CommissionBearer): Promise<AdminBoat> {
  return (
    await adminFetch(`/api/admin/boats/${encodeURIComponent(id)}/reseller-commission`, {
      method: 'POST',
      body: { resellerCommissionBearer: bearer },
      schema: adminBoatResponseSchema,
    })
  ).boat;
}

export function useSetCommissionBearer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bearer }: { id: string; bearer: CommissionBearer }) => setCommissionBearer(id, bearer),
    onSuccess: (saved) => queryClient.setQueryData(adminBoatQueryOptions(saved._id).queryKey, saved),
  });
}
