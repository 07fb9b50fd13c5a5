// PUT /api/admin/boats/{id}/schedule/days/{date}: opens or closes every slot of the boat that day.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayStateResponseSchema } from '@boats/domain/schemas/schedule';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function setDayOpen(input: { boatId: string; date: string; isOpen: boolean }) {
  return adminFetch(`/api/admin/boats/${encodeURIComponent(input.boatId)}/schedule/days/${input.date}`, {
    method: 'PUT',
    body: { isOpen: input.isOpen },
    schema: dayStateResponseSchema,
  });
}

export function useSetDayOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDayOpen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
