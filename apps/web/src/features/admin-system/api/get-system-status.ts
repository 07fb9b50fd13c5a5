// GET /api/admin/system (admin only): the background jobs with their last runs, the e-mail
// outbox's backlog and the last errors; asked again every 30 seconds while the page is open.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemStatusSchema, type SystemStatus } from '@boats/domain/schemas/system';
import { adminFetch } from '../../../shared/auth/admin-fetch';

function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return adminFetch('/api/admin/system', { schema: systemStatusSchema, signal });
}

const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'system'] as const,
    queryFn: ({ signal }) => getSystemStatus(signal),
    refetchInterval: 30_000,
  });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
