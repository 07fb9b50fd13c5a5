// Boat and month availability (spec §7 GET /api/boat/{id}?start&end), and the fleet for
// "book all". The month range is the Canary month, whatever the browser's own zone.
import { canaryMonthRange } from '@boats/domain/canary-time';
import { availabilityResponseSchema, type AvailabilityResponse } from '@boats/domain/schemas/slot';
import { boatsListResponseSchema, type Boat } from '@boats/domain/schemas/boat';
import { apiFetch } from '../../shared/api/http';

export function fetchMonthAvailability(
  boatId: string,
  year: number,
  month: number,
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const { start, end } = canaryMonthRange(year, month);
  const query = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() });
  return apiFetch(`/api/boat/${encodeURIComponent(boatId)}?${query.toString()}`, {
    schema: availabilityResponseSchema,
    signal,
  });
}

export async function fetchFleet(signal?: AbortSignal): Promise<Boat[]> {
  const { items } = await apiFetch('/api/boats', { schema: boatsListResponseSchema, signal });
  return items;
}
