// POST /api/waitlist/confirm: the confirmation link opened. Confirming twice changes nothing, so
// it is read like a query, once per entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitlistConfirmResponseSchema, type WaitlistConfirmResponse } from '@boats/domain/schemas/waitlist';
import { apiFetch } from '../../../shared/api/http';

function confirmEntry(entry: string, token: string, signal?: AbortSignal): Promise<WaitlistConfirmResponse> {
  return apiFetch('/api/waitlist/confirm', {
    method: 'POST',
    body: { entry, token },
    schema: waitlistConfirmResponseSchema,
    signal,
  });
}

const confirmQueryOptions = (entry: string, token: string) =>
  queryOptions({
    queryKey: ['waitlist-confirm', entry] as const,
    queryFn: ({ signal }) => confirmEntry(entry, token, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useConfirmWaitlistEntry(entry: string, token: string) {
  return useQuery(confirmQueryOptions(entry, token));
}
