// GET and PUT /api/owner/crew-permissions: what the owner lets their crew do (the admin: the
// platform's own crew), beside the crew accounts (docs/back-office.md#walk-ins-below-the-minimum).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crewPermissionsResponseSchema, type CrewPermissions } from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const crewPermissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'crew-permissions'] as const,
    queryFn: ({ signal }) =>
      adminFetch('/api/owner/crew-permissions', { schema: crewPermissionsResponseSchema, signal }),
  });

export function useCrewPermissions() {
  return useQuery(crewPermissionsQueryOptions());
}

export function useSaveCrewPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrewPermissions) =>
      adminFetch('/api/owner/crew-permissions', {
        method: 'PUT',
        body,
        schema: crewPermissionsResponseSchema,
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(crewPermissionsQueryOptions().queryKey, answer);
      // The trips carry the permission the walk-in form reads.
      await queryClient.invalidateQueries({ queryKey: ['trips'] });
    },
  });
}
