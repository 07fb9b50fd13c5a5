// POST /api/admin/boats/{id}/listing and …/archive: one step of a boat's listing (submit,
// approve, pause, suspend, archive… docs/back-office.md#listings). The answer is the boat as the
// back office shows it; the lists, the public fleet and the boat's history are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingAction } from '@boats/domain/listing-state';
import { adminBoatResponseSchema, type AdminBoat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { boatsQueryOptions } from '../../../shared/api/get-boats';
import { adminBoatQueryOptions } from './get-admin-boat';
import { adminBoatsQueryOptions } from './get-admin-boats';
import { boatHistoryQueryOptions } from './get-boat-history';

async function takeListingStep(id: string, action: ListingAction): Promise<AdminBoat> {
  return (
    await adminFetch(`/api/admin/boats/${encodeURIComponent(id)}/listing`, {
      method: 'POST',
      body: { action },
      schema: adminBoatResponseSchema,
    })
  ).boat;
}

export function useListingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ListingAction }) => takeListingStep(id, action),
    onSuccess: (saved) => queryClient.setQueryData(adminBoatQueryOptions(saved._id).queryKey, saved),
    // Whatever the answer, the lists show what the server now has.
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: adminBoatsQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: boatsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: boatHistoryQueryOptions(id).queryKey });
    },
  });
}
