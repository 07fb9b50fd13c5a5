// POST /api/bookings/lookup: a booking by its number and e-mail, with its manage token.
import { useMutation } from '@tanstack/react-query';
import {
  bookingLookupResponseSchema,
  type BookingLookupRequest,
  type BookingLookupResponse,
} from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';

function lookupBooking(request: BookingLookupRequest): Promise<BookingLookupResponse> {
  return apiFetch('/api/bookings/lookup', {
    method: 'POST',
    body: request,
    schema: bookingLookupResponseSchema,
  });
}

export function useLookupBooking() {
  return useMutation({ mutationFn: lookupBooking });
}
