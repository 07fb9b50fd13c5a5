// A self-drive booking's licence at the harbour: GET /api/crew/bookings/{id}/self-drive/licence
// (the boat's requirement, for the form), PUT records it, POST …/confirm and …/refuse check it
// against the document, POST …/photos sends a private photo, GET …/photos/{file} reads one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD } from '@boats/domain/schemas/photo';
import {
  bookingLicenceSchema,
  evidencePhotoUploadSchema,
  type LicenceRefusal,
  type SkipperLicenceInput,
} from '@boats/domain/schemas/self-drive';
import { adminFetch, adminFile } from '../../../shared/auth/admin-fetch';
import { saveFile } from '../../../shared/ui/download-file';

const base = (id: string) => `/api/crew/bookings/${encodeURIComponent(id)}/self-drive`;

export function useStaffLicence(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['trips', 'licence', bookingId] as const,
    queryFn: ({ signal }) =>
      adminFetch(`${base(bookingId)}/licence`, { schema: bookingLicenceSchema, signal }),
    enabled,
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

type LicenceAction =
  | { kind: 'record'; licence: SkipperLicenceInput }
  | { kind: 'confirm' }
  | { kind: 'refuse'; refusal: LicenceRefusal };

function sendLicenceAction(bookingId: string, action: LicenceAction) {
  if (action.kind === 'record')
    return adminFetch(`${base(bookingId)}/licence`, {
      method: 'PUT',
      body: action.licence,
      schema: bookingLicenceSchema,
    });
  return adminFetch(`${base(bookingId)}/licence/${action.kind}`, {
    method: 'POST',
    ...(action.kind === 'refuse' ? { body: action.refusal } : {}),
    schema: bookingLicenceSchema,
  });
}

export function useLicenceAction(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LicenceAction) => sendLicenceAction(bookingId, action),
    // The manifest shows the licence and, after a refusal, one booking fewer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
