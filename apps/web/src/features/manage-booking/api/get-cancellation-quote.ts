// GET /api/bookings/{id}/cancellation?token=: what cancelling now would refund.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cancellationQuoteSchema, type CancellationQuoteWire } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';

function getCancellationQuote(
  id: string,
  token: string,
  signal?: AbortSignal,
): Promise<CancellationQuoteWire> {
  const query = new URLSearchParams({ token });
  return apiFetch(`/api/bookings/${encodeURIComponent(id)}/cancellation?${query.toString()}`, {
    schema: cancellationQuoteSchema,
    signal,
  });
}

const cancellationQuoteQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['managed-booking', id, 'cancellation'] as const,
    queryFn: ({ signal }) => getCancellationQuote(id, token, signal),
    // The refund depends on the clock: read it fresh each time the panel opens.
    staleTime: 0,
  });

export function useCancellationQuote(id: string, token: string, enabled: boolean) {
  return useQuery({ ...cancellationQuoteQueryOptions(id, token), enabled });
}
