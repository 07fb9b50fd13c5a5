// GET /api/admin/owner-applications, and the approve and decline calls that change one
// (docs/back-office.md#owner-applications).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownerApplicationListSchema,
  ownerApplicationResponseSchema,
  type OwnerApplication,
} from '@boats/domain/schemas/owner-application';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getOwnerApplications(signal?: AbortSignal): Promise<OwnerApplication[]> {
  return (await adminFetch('/api/admin/owner-applications', { schema: ownerApplicationListSchema, signal }))
    .items;
}

const ownerApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'owner-applications'] as const,
    queryFn: ({ signal }) => getOwnerApplications(signal),
  });

export function useOwnerApplications() {
  return useQuery(ownerApplicationsQueryOptions());
}

type ApplicationDecision = { id: string } & ({ action: 'approve' } | { action: 'decline'; reason: string });

async function decideApplication(decision: ApplicationDecision): Promise<OwnerApplication> {
  return (
    await adminFetch(`/api/admin/owner-applications/${encodeURIComponent(decision.id)}/${decision.action}`, {
      method: 'POST',
      ...(decision.action === 'decline' ? { body: { reason: decision.reason } } : {}),
      schema: ownerApplicationResponseSchema,
    })
  ).application;
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    // Whatever the answer (a 409: someone decided first), the list shows what the server has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownerApplicationsQueryOptions().queryKey }),
  });
}
