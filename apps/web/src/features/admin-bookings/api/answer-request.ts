// Accept or decline a request-to-book (docs/payments.md#request-to-book): POST
// /api/admin/bookings/{id}/accept or /decline {reasonCode, note}. Whatever the answer (a 409: decided
// elsewhere, or lapsed), every cached list and the booking's details are asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBookingSchema, type AdminBooking } from '@boats/domain/schemas/booking';
import type { RequestDecline } from '@boats/domain/schemas/request-to-book';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import { availabilityKeyOf } from '../../../shared/api/availability-key';
import { bookingDetailsQueryOptions } from './get-booking-details';
import { bookingListsKey } from './get-bookings';

export type RequestAnswer = { kind: 'accept' } | { kind: 'decline'; decline: RequestDecline };

function answerRequest(id: string, answer: RequestAnswer): Promise<AdminBooking> {
  const path = `/api/admin/bookings/${encodeURIComponent(id)}/${answer.kind}`;
  return adminFetch(path, {
    method: 'POST',
    body: answer.kind === 'decline' ? answer.decline : {},
    schema: adminBookingSchema,
  });
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ booking, answer }: { booking: AdminBooking; answer: RequestAnswer }) =>
      answerRequest(booking._id, answer),
    onSettled: async (_data, _error, { booking }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingListsKey }),
        queryClient.invalidateQueries({ queryKey: bookingDetailsQueryOptions(booking._id).queryKey }),
        queryClient.invalidateQueries({ queryKey: availabilityKeyOf(booking.boat._id) }),
      ]);
    },
  });
}
