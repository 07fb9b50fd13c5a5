// GET /api/admin/trips/{slotId}/cancel/preview, POST …/cancel and GET …/cancellation: what a
// cancellation would do (each customer's deadline), the cancellation, and its progress report
// (polled while it runs).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tripCancelPreviewSchema,
  tripCancelReportSchema,
  tripCancelResultSchema,
  type TripCancelRequest,
} from '@boats/domain/schemas/trip-cancellation';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const base = (slotId: string) => `/api/admin/trips/${encodeURIComponent(slotId)}`;

function cancelTrip(input: { slotId: string } & TripCancelRequest) {
  const { slotId, ...body } = input;
  return adminFetch(`${base(slotId)}/cancel`, { method: 'POST', body, schema: tripCancelResultSchema });
}

export function useCancelTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTrip,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}

const cancellationReportQueryOptions = (slotId: string) =>
  queryOptions({
    queryKey: ['trips', 'cancellation', slotId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`${base(slotId)}/cancellation`, { schema: tripCancelReportSchema, signal }),
    retry: false,
  });

/** The report; polled every second while `polling` (the cancel call is running). */
export function useCancellationReport(slotId: string, enabled: boolean, polling: boolean) {
  return useQuery({
    ...cancellationReportQueryOptions(slotId),
    enabled,
    refetchInterval: polling ? 1000 : false,
  });
}

const cancelPreviewQueryOptions = (slotId: string) =>
  queryOptions({
    queryKey: ['trips', 'cancel-preview', slotId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`${base(slotId)}/cancel/preview`, { schema: tripCancelPreviewSchema, signal }),
    // Deadlines count from now: asked afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

/** Each customer's deadline to choose, as the cancellation would set it now. */
export function useCancelPreview(slotId: string, enabled: boolean) {
  return useQuery({ ...cancelPreviewQueryOptions(slotId), enabled });
}
