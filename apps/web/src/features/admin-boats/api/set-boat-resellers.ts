// POST /api/admin/boats/{id}/resellers: the owner (or the admin) opts the boat in or out of
// resellers (docs/channels.md#per-boat-settings). The answer is the boat as the back office shows it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBoatResponseSchema, type AdminBoat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { adminBoatQueryOptions } from './get-admin-boat';

async function setBoatResellers(id: string, resellersAllowed: boolean): Promise<AdminBoat> {
  return (
    await adminFetch(`/api/admin/boats/${encodeURIComponent(id)}/resellers`, {
      method: 'POST',
      body: { resellersAllowed },
      schema: adminBoatResponseSchema,
    })
  ).boat;
}

export function useSetBoatResellers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resellersAllowed }: { id: string; resellersAllowed: boolean }) =>
      setBoatResellers(id, resellersAllowed),
    onSuccess: (saved) => queryClient.setQueryData(adminBoatQueryOptions(saved._id).queryKey, saved),
  });
}
