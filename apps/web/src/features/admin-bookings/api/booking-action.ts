// Confirm, cancel or refund one booking. The answer replaces that row in every cached list at
// once; the lists are then asked again for their KPI tiles and totals, and the trip's public
// availability is marked stale. A refused action (say, Confirm on a booking canceled elsewhere)
// refreshes the lists too, so the row shows what the server has, not what the page last saw.
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AdminBooking, BookingsPage } from '@boats/domain/schemas/booking';
import { availabilityKeyOf } from '../../../shared/api/availability-key';
import { runBookingAction, type BookingAction, type BookingActionBody } from '../bookings-api';
import { bookingDetailsQueryOptions } from './get-booking-details';
import { bookingListsKey } from './get-bookings';

export function useBookingAction() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: bookingListsKey });
  return useMutation({
    mutationFn: ({
      action,
      booking,
      body,
    }: {
      action: BookingAction;
      booking: AdminBooking;
      body?: BookingActionBody;
    }) => runBookingAction(action, booking._id, body),
    onSettled: (_data, _error, { booking }) =>
      queryClient.invalidateQueries({ queryKey: bookingDetailsQueryOptions(booking._id).queryKey }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<InfiniteData<BookingsPage>>({ queryKey: bookingListsKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((b) => (b._id === updated._id ? updated : b)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: availabilityKeyOf(updated.boat._id) });
      return refreshLists();
    },
    onError: refreshLists,
  });
}
