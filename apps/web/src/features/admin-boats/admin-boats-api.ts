// The admin boat and slot calls (spec §7 route builders). Each answer is parsed with the
// domain schema, so a changed server shape fails loudly here instead of deep in a component.
import type { AdminFetch } from '../../shared/admin/use-admin-fetch';
import {
  boatResponseSchema,
  boatsListResponseSchema,
  type Boat,
  type BoatInput,
} from '@boats/domain/schemas/boat';
import {
  adminSlotDeletedSchema,
  adminSlotSchema,
  adminSlotsResponseSchema,
  type AdminSlot,
  type AdminSlotSave,
} from '@boats/domain/schemas/admin-slot';

export async function fetchAdminBoats(fetcher: AdminFetch): Promise<Boat[]> {
  return (await fetcher('/api/admin/boats', { schema: boatsListResponseSchema })).items;
}

export async function fetchAdminBoat(fetcher: AdminFetch, id: string): Promise<Boat> {
  return (await fetcher(`/api/admin/boats/${encodeURIComponent(id)}`, { schema: boatResponseSchema })).boat;
}

export async function saveBoat(fetcher: AdminFetch, id: string | undefined, boat: BoatInput): Promise<Boat> {
  const path = id ? `/api/boats/update/${encodeURIComponent(id)}` : '/api/admin/boats';
  return (await fetcher(path, { method: 'POST', body: boat, schema: boatResponseSchema })).boat;
}

export async function fetchAdminSlots(
  fetcher: AdminFetch,
  boatId: string,
  range: { start: Date; end: Date },
  signal?: AbortSignal,
): Promise<AdminSlot[]> {
  const query = new URLSearchParams({ start: range.start.toISOString(), end: range.end.toISOString() });
  const path = `/api/admin/boats/${encodeURIComponent(boatId)}/slots?${query.toString()}`;
  return (await fetcher(path, { schema: adminSlotsResponseSchema, ...(signal ? { signal } : {}) })).items;
}

export async function saveSlot(fetcher: AdminFetch, boatId: string, slot: AdminSlotSave): Promise<AdminSlot> {
  return fetcher(`/api/boats/slots/${encodeURIComponent(boatId)}`, {
    method: 'POST',
    body: slot,
    schema: adminSlotSchema,
  });
}

export async function deleteSlot(fetcher: AdminFetch, boatId: string, slotId: string): Promise<void> {
  await fetcher(`/api/admin/boats/${encodeURIComponent(boatId)}/slots/${encodeURIComponent(slotId)}`, {
    method: 'DELETE',
    schema: adminSlotDeletedSchema,
  });
}
