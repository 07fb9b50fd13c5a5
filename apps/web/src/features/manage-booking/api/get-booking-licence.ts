// GET /api/bookings/{id}/self-drive/licence?token=: the licence the boat requires and the
// skipper's licence recorded. PUT records it; POST …/photos sends its photo first.
// GET …/self-drive/condition?token=: the boat's condition at departure and return, as signed.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD } from '@boats/domain/schemas/photo';
import { bookingConditionSchema, type BookingCondition } from '@boats/domain/schemas/condition';
import {
  bookingLicenceSchema,
  evidencePhotoUploadSchema,
  type BookingLicence,
  type SkipperLicenceInput,
} from '@boats/domain/schemas/self-drive';
import { apiFetch } from '../../../shared/api/http';

const base = (id: string) => `/api/bookings/${encodeURIComponent(id)}/self-drive`;
const withToken = (token: string) => `token=${encodeURIComponent(token)}`;

const bookingLicenceQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['managed-booking', id, 'licence'] as const,
    queryFn: ({ signal }): Promise<BookingLicence> =>
      apiFetch(`${base(id)}/licence?${withToken(token)}`, { schema: bookingLicenceSchema, signal }),
  });

export function useBookingLicence(id: string, token: string) {
  return useQuery(bookingLicenceQueryOptions(id, token));
}

/** The rental agreement's PDF, filled and in the customer's language (the token proves it is theirs). */
export function agreementPdfUrl(id: string, token: string): string {
  return `${base(id)}/agreement.pdf?${withToken(token)}`;
}

/** Where the customer's browser reads a photo of their booking (the token proves it is theirs). */
export function licencePhotoUrl(id: string, token: string, photo: string): string {
  return `${base(id)}/photos/${photo}-960.webp?${withToken(token)}`;
}

export async function uploadLicencePhoto(id: string, token: string, file: File): Promise<string> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  const answer = await apiFetch(`${base(id)}/photos?${withToken(token)}`, {
    method: 'POST',
    body,
    schema: evidencePhotoUploadSchema,
  });
  return answer.photo;
}

export function useSaveLicence(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licence: SkipperLicenceInput) =>
      apiFetch(`${base(id)}/licence`, {
        method: 'PUT',
        body: { ...licence, token },
        schema: bookingLicenceSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(bookingLicenceQueryOptions(id, token).queryKey, answer),
  });
}

export function useBookingCondition(id: string, token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['managed-booking', id, 'condition'] as const,
    queryFn: ({ signal }): Promise<BookingCondition> =>
      apiFetch(`${base(id)}/condition?${withToken(token)}`, { schema: bookingConditionSchema, signal }),
    enabled,
  });
}
