// PUT /api/admin/trips/{slotId}/minimum: let one trip sail below its minimum (admin only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tripSchema, type Trip } from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function waiveMinimum(input: { slotId: string; waived: boolean }): Promise<Trip> {
  return adminFetch(`/api/admin/trips/${encodeURIComponent(input.slotId)}/minimum`, {
    method: 'PUT',
    body: { waived: input.waived },
    schema: tripSchema,
  });
}

export function useWaiveMinimum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waiveMinimum,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
