// GET /api/boat/:id?start&end (docs/product.md §7): the boat and one Canary month of its availability. The
// month range is the Canary month, whatever the browser's own zone.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { canaryMonthRange } from '@boats/domain/canary-time';
import type { AvailabilityResponse } from '@boats/domain/schemas/slot';
import { ApiError, apiFetch, errorText } from '../../../shared/api/http';
import { availabilityKeyOf } from '../../../shared/api/availability-key';
import { BOAT_SCHEMAS, loadSchemas } from '../../../shared/api/load-schemas';

async function getMonthAvailability(
  boatId: string,
  year: number,
  month: number,
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const { start, end } = canaryMonthRange(year, month);
  const query = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() });
  try {
    // The schema (and zod) is imported beside the request, not with the booking flow, so that
    // building it is no part of the flow's start (shared/checkout/checkout-api.ts says why).
    const [answer, { availabilityResponseSchema }] = await Promise.all([
      apiFetch(`/api/boat/${encodeURIComponent(boatId)}?${query.toString()}`, { signal }),
      loadSchemas(() => import('@boats/domain/schemas/slot'), BOAT_SCHEMAS),
    ]);
    return availabilityResponseSchema.parse(answer);
  } catch (err) {
    // Spec §8: the boat load failure goes to the console; the screen offers a retry.
    if (!signal?.aborted) console.error(`Failed to load /api/boat/${boatId}:`, err);
    throw err;
  }
}

export const monthAvailabilityQueryOptions = (boatId: string, year: number, month: number) =>
  queryOptions({
    queryKey: [...availabilityKeyOf(boatId), year, month] as const,
    queryFn: ({ signal }) => getMonthAvailability(boatId, year, month, signal),
    // While a new month loads, the previous answer stays on screen (the calendar marks itself busy).
    placeholderData: keepPreviousData,
  });

export type MonthAvailability = {
  data: AvailabilityResponse | null;
  loading: boolean;
  error: string | null;
  /** No such boat (404) or an id that cannot be one (400): asking again will not help. */
  notFound: boolean;
  reload: () => void;
};

export function useMonthAvailability(boatId: string, year: number, month: number): MonthAvailability {
  const query = useQuery(monthAvailabilityQueryOptions(boatId, year, month));
  return {
    data: query.data ?? null,
    loading: query.isPending || query.isPlaceholderData,
    error: query.isError ? errorText(query.error) : null,
    notFound: query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400),
    reload: () => void query.refetch(),
  };
}
