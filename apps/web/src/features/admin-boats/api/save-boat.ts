// POST /api/admin/boats (new) or /api/boats/update/:id: the saved boat replaces its cached copy;
// the admin list, the public fleet and the boat's history are asked again the next time they show.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBoatResponseSchema, type AdminBoat, type BoatInput } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { boatsQueryOptions } from '../../../shared/api/get-boats';
import { adminBoatQueryOptions } from './get-admin-boat';
import { adminBoatsQueryOptions } from './get-admin-boats';
import { boatHistoryQueryOptions } from './get-boat-history';

async function saveBoat(id: string | undefined, boat: BoatInput): Promise<AdminBoat> {
  const path = id ? `/api/boats/update/${encodeURIComponent(id)}` : '/api/admin/boats';
  return (await adminFetch(path, { method: 'POST', body: boat, schema: adminBoatResponseSchema })).boat;
}

export function useSaveBoat(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (boat: BoatInput) => saveBoat(id, boat),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminBoatQueryOptions(saved._id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: adminBoatsQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: boatsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: boatHistoryQueryOptions(saved._id).queryKey });
    },
  });
}
