// POST /api/admin/boats/{id}/listing and …/archive: one step of a boat's listing (submit,
// approve, pause, suspend, archive… docs/back-office.md#listings). The answer is the boat as the
// back office shows it; the lists, the public fleet and the boat's history are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingAction } from '@boats/domain/listing-state';
import { adminBoatResponseSchema, type AdminBoat } from '@boats/domain/schemas/boat';
import { upcomingOutcomeSchema, type UpcomingFate } from '@boats/domain/schemas/upcoming-bookings';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { boatsQueryOptions } from '../../../shared/api/get-boats';
import { adminBoatQueryOptions } from './get-admin-boat';
import { adminBoatsQueryOptions } from './get-admin-boats';
import { boatHistoryQueryOptions } from './get-boat-history';

/** A step; a pause with `upcoming` also says what becomes of the paid bookings ahead (…/pause); a send-back may carry a note. */
async function takeListingStep(
  id: string,
  action: ListingAction,
  upcoming?: UpcomingFate,
  note?: string,
): Promise<AdminBoat> {
  const boatUrl = `/api/admin/boats/${encodeURIComponent(id)}`;
  return (
    await adminFetch(upcoming ? `${boatUrl}/pause` : `${boatUrl}/listing`, {
      method: 'POST',
      body: upcoming ? { upcoming } : { action, ...(note && { note }) },
      schema: adminBoatResponseSchema.extend({ outcome: upcomingOutcomeSchema.optional() }),
    })
  ).boat;
}

export function useListingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      upcoming,
      note,
    }: {
      id: string;
      action: ListingAction;
      upcoming?: UpcomingFate;
      /** Sending back: the platform's note to the owner. */
      note?: string;
    }) => takeListingStep(id, action, upcoming, note),
    onSuccess: (saved) => queryClient.setQueryData(adminBoatQueryOptions(saved._id).queryKey, saved),
    // Whatever the answer, the lists show what the server now has.
    onSettled: (_data, _error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: adminBoatsQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: boatsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: boatHistoryQueryOptions(id).queryKey });
    },
  });
}
