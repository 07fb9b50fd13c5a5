// GET and PUT /api/owner/notifications: which changes to their bookings the owner is e-mailed
// about, and the daily digest (docs/back-office.md#owners-notifications). An owner reads and sets
// their own; the platform admin names the owner.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ownerNotificationSettingsResponseSchema,
  type OwnerNotificationSettings,
} from '@boats/domain/schemas/owner-notifications';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const whose = (ownerId: string | null) => (ownerId ? `?ownerId=${encodeURIComponent(ownerId)}` : '');
const key = (ownerId: string | null) => ['owner', 'notifications', ownerId] as const;

export function useOwnerNotifications(ownerId: string | null) {
  return useQuery({
    queryKey: key(ownerId),
    queryFn: ({ signal }) =>
      adminFetch(`/api/owner/notifications${whose(ownerId)}`, {
        schema: ownerNotificationSettingsResponseSchema,
        signal,
      }),
  });
}

export function useSaveOwnerNotifications(ownerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnerNotificationSettings) =>
      adminFetch(`/api/owner/notifications${whose(ownerId)}`, {
        method: 'PUT',
        body,
        schema: ownerNotificationSettingsResponseSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(key(ownerId), answer),
  });
}
