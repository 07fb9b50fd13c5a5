// GET /api/bookings/{id}/trip-change?token=: the open choice after a trip cancellation.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tripChangeOfferSchema, type TripChangeOffer } from '@boats/domain/schemas/trip-cancellation';
import { apiFetch } from '../../../../shared/api/http';

function getTripChangeOffer(
  bookingId: string,
  token: string,
  signal?: AbortSignal,
): Promise<TripChangeOffer> {
  const query = new URLSearchParams({ token });
  return apiFetch(`/api/bookings/${encodeURIComponent(bookingId)}/trip-change?${query.toString()}`, {
    schema: tripChangeOfferSchema,
    signal,
  });
}

const tripChangeOfferQueryOptions = (bookingId: string, token: string) =>
  queryOptions({
    queryKey: ['trip-change', bookingId] as const,
    queryFn: ({ signal }) => getTripChangeOffer(bookingId, token, signal),
    retry: false,
  });

export function useTripChangeOffer(bookingId: string, token: string) {
  return useQuery(tripChangeOfferQueryOptions(bookingId, token));
}
