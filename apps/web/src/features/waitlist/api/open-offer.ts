// POST /api/waitlist/offer: the offer link opened. The server answers the held seats' payment
// (the same one however often it is asked), so this is read like a query, once per entry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitlistOfferResponseSchema, type WaitlistOfferResponse } from '@boats/domain/schemas/waitlist';
import { apiFetch } from '../../../shared/api/http';

function openOffer(entry: string, token: string, signal?: AbortSignal): Promise<WaitlistOfferResponse> {
  return apiFetch('/api/waitlist/offer', {
    method: 'POST',
    body: { entry, token },
    schema: waitlistOfferResponseSchema,
    signal,
  });
}

const offerQueryOptions = (entry: string, token: string) =>
  queryOptions({
    queryKey: ['waitlist-offer', entry] as const,
    queryFn: ({ signal }) => openOffer(entry, token, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useWaitlistOffer(entry: string, token: string) {
  return useQuery(offerQueryOptions(entry, token));
}
