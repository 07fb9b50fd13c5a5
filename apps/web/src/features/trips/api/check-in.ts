// POST /api/crew/checkin: boards a ticket or a charter pass by its code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  checkinResponseSchema,
  type CheckinRequest,
  type CheckinResponse,
} from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function checkIn(input: CheckinRequest): Promise<CheckinResponse> {
  return adminFetch('/api/crew/checkin', { method: 'POST', body: input, schema: checkinResponseSchema });
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    // Boarding counts on the trips list and the manifest change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
