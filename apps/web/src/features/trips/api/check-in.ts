// POST /api/crew/checkin: boards a ticket or a charter pass by its code.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  checkinResponseSchema,
  type CheckinRequest,
  type CheckinResponse,
} from '@boats/domain/schemas/trips';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { NO_SIGNAL_AFTER_MS } from '../offline/crew-offline-state';

export function sendCheckIn(input: CheckinRequest, signal?: AbortSignal): Promise<CheckinResponse> {
  return adminFetch('/api/crew/checkin', {
    method: 'POST',
    body: input,
    schema: checkinResponseSchema,
    signal,
  });
}

/** At the gangway: no answer within NO_SIGNAL_AFTER_MS is no signal (the page records it on the phone). */
const checkIn = (input: CheckinRequest) => sendCheckIn(input, AbortSignal.timeout(NO_SIGNAL_AFTER_MS));

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    // Sent even when the browser says it is offline, so the page hears "no signal" at once
    // instead of a paused request and a greyed button.
    networkMode: 'always',
    // Boarding counts on the trips list and the manifest change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
