// A self-drive booking's licence at the harbour: GET /api/crew/bookings/{id}/self-drive/licence
// (what the server holds), PUT records it, POST …/confirm and …/refuse check it
// against the document, POST …/photos sends a private photo, GET …/photos/{file} reads one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD } from '@boats/domain/schemas/photo';
import {
  bookingLicenceSchema,
  evidencePhotoUploadSchema,
  type BookingLicence,
  type CrewLicenceInput,
  type LicenceConfirm,
  type LicenceRefusal,
} from '@boats/domain/schemas/self-drive';
import { adminFetch, adminFile } from '../../../shared/auth/admin-fetch';
import { saveFile } from '../../../shared/ui/download-file';

const base = (id: string) => `/api/crew/bookings/${encodeURIComponent(id)}/self-drive`;

export function fetchStaffLicence(bookingId: string, signal?: AbortSignal): Promise<BookingLicence> {
  return adminFetch(`${base(bookingId)}/licence`, { schema: bookingLicenceSchema, signal });
}

/** Crew's licence, with the time they typed it (a phone without signal sends it later). */
export function sendLicenceRecord(
  bookingId: string,
  licence: CrewLicenceInput,
  signal?: AbortSignal,
): Promise<BookingLicence> {
  return adminFetch(`${base(bookingId)}/licence`, {
    method: 'PUT',
    body: licence,
    schema: bookingLicenceSchema,
    signal,
  });
}

/** Crew held the document: it matched, at `checkedAt` (the record it was held against: `licenceRecordedAt`). */
export function sendLicenceConfirm(
  bookingId: string,
  confirmation: LicenceConfirm,
  signal?: AbortSignal,
): Promise<BookingLicence> {
  return adminFetch(`${base(bookingId)}/licence/confirm`, {
    method: 'POST',
    body: confirmation,
    schema: bookingLicenceSchema,
    signal,
  });
}

/** Sends a private photo (a licence's, or the boat's condition: a photo taken without signal comes as a Blob). */
export async function uploadEvidencePhoto(
  bookingId: string,
  file: Blob,
  signal?: AbortSignal,
): Promise<string> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file, file instanceof File ? file.name : 'photo.jpg');
  return (
    await adminFetch(`${base(bookingId)}/photos`, {
      method: 'POST',
      body,
      schema: evidencePhotoUploadSchema,
      signal,
    })
  ).photo;
}

/** The booking's rental agreement, as its PDF file (for the owner, their crew and the admin). */
export async function downloadAgreement(bookingId: string): Promise<void> {
  const { blob, fileName } = await adminFile(`${base(bookingId)}/agreement.pdf`, 'agreement.pdf');
  saveFile(blob, fileName);
}

/**
 * Crew refuse the departure: online only, as it cancels the booking (the licence's record and
 * confirmation go through the phone's queue, offline/licence-queue.ts).
 */
export function useRefuseDeparture(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refusal: LicenceRefusal) =>
      adminFetch(`${base(bookingId)}/licence/refuse`, {
        method: 'POST',
        body: refusal,
        schema: bookingLicenceSchema,
      }),
    // The manifest shows the licence and, after a refusal, one booking fewer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
