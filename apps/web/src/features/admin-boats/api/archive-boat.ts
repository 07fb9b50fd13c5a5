// POST /api/admin/boats/{id}/archive: off the public site (bookings kept), or back on it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boatResponseSchema, type Boat } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { boatsQueryOptions } from '../../fleet';
import { adminBoatQueryOptions } from './get-admin-boat';
import { adminBoatsQueryOptions } from './get-admin-boats';

async function archiveBoat(id: string, archived: boolean): Promise<Boat> {
  return (
    await adminFetch(`/api/admin/boats/${encodeURIComponent(id)}/archive`, {
      method: 'POST',
      body: { archived },
      schema: boatResponseSchema,
    })
  ).boat;
}

export function useArchiveBoat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => archiveBoat(id, archived),
    onSuccess: (saved) => queryClient.setQueryData(adminBoatQueryOptions(saved._id).queryKey, saved),
    // Whatever the answer, the lists show what the server now has.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminBoatsQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: boatsQueryOptions().queryKey });
    },
  });
}
