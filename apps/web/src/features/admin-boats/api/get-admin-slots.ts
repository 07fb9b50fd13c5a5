// GET /api/admin/boats/:id/slots?start&end: one Canary-time month of a boat's slots, sorted.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { canaryMonthRange } from '@boats/domain/canary-time';
import { adminSlotsResponseSchema, type AdminSlot } from '@boats/domain/schemas/admin-slot';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export const byStart = (a: AdminSlot, b: AdminSlot) => Date.parse(a.start) - Date.parse(b.start);

async function getAdminSlots(boatId: string, year: number, month: number, signal?: AbortSignal) {
  const range = canaryMonthRange(year, month);
  const query = new URLSearchParams({ start: range.start.toISOString(), end: range.end.toISOString() });
  const path = `/api/admin/boats/${encodeURIComponent(boatId)}/slots?${query.toString()}`;
  return (await adminFetch(path, { schema: adminSlotsResponseSchema, signal })).items.sort(byStart);
}

export const adminSlotsQueryOptions = (boatId: string, year: number, month: number) =>
  queryOptions({
    queryKey: ['admin', 'boats', boatId, 'slots', year, month] as const,
    queryFn: ({ signal }) => getAdminSlots(boatId, year, month, signal),
  });

/** Every cached month of this boat's slots (a save or delete touches the one it falls in). */
export const adminSlotsKeyOf = (boatId: string) => ['admin', 'boats', boatId, 'slots'] as const;

export function useAdminSlots(boatId: string, year: number, month: number) {
  return useQuery(adminSlotsQueryOptions(boatId, year, month));
}
