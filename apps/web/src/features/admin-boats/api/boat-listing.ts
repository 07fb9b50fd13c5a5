// Where each boat stands on the public site (GET /api/admin/boat-standings), and the platform
// admin's calls that change it: publish a draft, suspend a published boat or bring it back
// (docs/back-office.md#listings). Owners do not call these: the admin decides what is on sale.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boatStandingSchema, boatStandingsResponseSchema } from '@boats/domain/schemas/owner';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { boatHistoryQueryOptions } from './get-boat-history';

const standingsKey = ['admin', 'boat-standings'] as const;

export function useBoatStandings(enabled: boolean) {
  return useQuery({
    queryKey: standingsKey,
    queryFn: ({ signal }) =>
      adminFetch('/api/admin/boat-standings', { schema: boatStandingsResponseSchema, signal }),
    enabled,
  });
}

type ListingChange = { id: string } & (
  { action: 'publish'; published: boolean } | { action: 'suspend'; suspended: boolean }
);

export function useChangeListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, ...body }: ListingChange) =>
      adminFetch(`/api/admin/boats/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body,
        schema: boatStandingSchema,
      }),
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: standingsKey });
      void queryClient.invalidateQueries({ queryKey: boatHistoryQueryOptions(id).queryKey });
    },
  });
}
