// POST /api/boats/slots/:boatId (create or update) and DELETE …/slots/:slotId. Each success
// changes the cached month in place; a failure reloads the boat's months so the panel shows the
// slots as the server has them.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { canaryYearMonth } from '@boats/domain/canary-time';
import {
  adminSlotDeletedSchema,
  adminSlotSchema,
  type AdminSlot,
  type AdminSlotDelete,
  type AdminSlotSave,
} from '@boats/domain/schemas/admin-slot';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { adminSlotsKeyOf, adminSlotsQueryOptions, byStart } from './get-admin-slots';

function saveSlot(boatId: string, slot: AdminSlotSave): Promise<AdminSlot> {
  return adminFetch(`/api/boats/slots/${encodeURIComponent(boatId)}`, {
    method: 'POST',
    body: slot,
    schema: adminSlotSchema,
  });
}

async function deleteSlot(boatId: string, slotId: string, body: AdminSlotDelete): Promise<void> {
  await adminFetch(`/api/admin/boats/${encodeURIComponent(boatId)}/slots/${encodeURIComponent(slotId)}`, {
    method: 'DELETE',
    body,
    schema: adminSlotDeletedSchema,
  });
}

function updateMonth(
  queryClient: QueryClient,
  boatId: string,
  at: string,
  change: (slots: AdminSlot[]) => AdminSlot[],
) {
  const { year, month } = canaryYearMonth(new Date(at));
  queryClient.setQueryData(adminSlotsQueryOptions(boatId, year, month).queryKey, (slots) =>
    slots ? change(slots).sort(byStart) : slots,
  );
}

export function useSaveSlot(boatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: AdminSlotSave) => saveSlot(boatId, slot),
    onSuccess: (saved) =>
      updateMonth(queryClient, boatId, saved.start, (slots) => [
        ...slots.filter((s) => s._id !== saved._id),
        saved,
      ]),
    onError: () => queryClient.invalidateQueries({ queryKey: adminSlotsKeyOf(boatId) }),
  });
}

export function useDeleteSlot(boatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, reason }: { slot: AdminSlot; reason: string }) =>
      deleteSlot(boatId, slot._id, { reason }),
    onSuccess: (_done, { slot }) =>
      updateMonth(queryClient, boatId, slot.start, (slots) => slots.filter((s) => s._id !== slot._id)),
    onError: () => queryClient.invalidateQueries({ queryKey: adminSlotsKeyOf(boatId) }),
  });
}
