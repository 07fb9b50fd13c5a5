// POST /api/bookings/lookup: a booking by its number and e-mail, with its manage token.
import { useMutation } from '@tanstack/react-query';
import type { BookingLookupRequest, BookingLookupResponse } from '@boats/domain/schemas/manage-booking';
import { apiFetch } from '../../../shared/api/http';

// The answer's schema is imported with the call, not with the page (find-booking-form.tsx).
async function lookupBooking(request: BookingLookupRequest): Promise<BookingLookupResponse> {
  const { bookingLookupResponseSchema } = await import('@boats/domain/schemas/manage-booking');
  return apiFetch('/api/bookings/lookup', {
    method: 'POST',
    body: request,
    schema: bookingLookupResponseSchema,
  });
}

export function useLookupBooking() {
  return useMutation({ mutationFn: lookupBooking });
}
