// GET /api/admin/owners and PATCH /api/admin/owners/{id}: the platform admin's list of the boat
// owners, and the changes they make to one (commission rate, reactivation; docs/back-office.md#owners),
// and suspending one with their bookings ahead decided (docs/back-office.md#safe-admin-actions);
// PUT and DELETE /api/admin/owners/{id}/aeat-representation: their representation of the platform
// before the AEAT recorded or revoked (docs/invoicing.md#sending-for-others-lawfully).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ownerListResponseSchema,
  ownerResponseSchema,
  ownerSchema,
  type AeatRepresentation,
  type OwnerUpdate,
} from '@boats/domain/schemas/owner';
import { upcomingOutcomeSchema, type UpcomingFate } from '@boats/domain/schemas/upcoming-bookings';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const ownersKey = ['admin', 'owners'] as const;

export function useOwners() {
  return useQuery({
    queryKey: ownersKey,
    queryFn: async ({ signal }) =>
      (await adminFetch('/api/admin/owners', { schema: ownerListResponseSchema, signal })).items,
  });
}

export function useUpdateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: OwnerUpdate }) =>
      adminFetch(`/api/admin/owners/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
        schema: ownerResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}

/** POST /api/admin/owners/{id}/suspend: the owner off the site, their bookings ahead served or canceled. */
export function useSuspendOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; upcoming: UpcomingFate; reason?: string }) =>
      adminFetch(`/api/admin/owners/${encodeURIComponent(id)}/suspend`, {
        method: 'POST',
        body,
        schema: z.object({ owner: ownerSchema, outcome: upcomingOutcomeSchema }),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}

export function useRecordRepresentation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: AeatRepresentation }) =>
      adminFetch(`/api/admin/owners/${encodeURIComponent(id)}/aeat-representation`, {
        method: 'PUT',
        body: value,
        schema: ownerResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}

export function useRevokeRepresentation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch(`/api/admin/owners/${encodeURIComponent(id)}/aeat-representation`, {
        method: 'DELETE',
        schema: ownerResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
