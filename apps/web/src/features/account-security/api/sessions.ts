// The account's signed-in devices (server: modules/account/account-routes.ts): GET the list; sign
// one out, or every one but this; each sign-out asks for the list again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sessionDevicesSchema,
  sessionsSignedOutSchema,
  type SessionDevice,
} from '@boats/domain/schemas/auth';
import { successResponseSchema } from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getSessions(signal?: AbortSignal): Promise<SessionDevice[]> {
  return (await adminFetch('/api/account/sessions', { schema: sessionDevicesSchema, signal })).sessions;
}

const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'sessions'] as const, queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch(`/api/account/sessions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: successResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminFetch('/api/account/sessions/sign-out-others', {
        method: 'POST',
        schema: sessionsSignedOutSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
