// The "List your boat" calls (docs/back-office.md#owner-applications). Throw ApiError on a non-OK answer.
import { PHOTO_FIELD, photoUploadResponseSchema } from '@boats/domain/schemas/photo';
import {
  ownerApplicationCreatedSchema,
  type OwnerApplicationRequest,
} from '@boats/domain/schemas/owner-application';
import { apiFetch } from '../../shared/api/http';

/** POST /api/owner-applications/photos: one photo; answers its URL. */
export async function uploadApplicationPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  return (
    await apiFetch('/api/owner-applications/photos', {
      method: 'POST',
      body,
      schema: photoUploadResponseSchema,
    })
  ).url;
}

/** POST /api/owner-applications: 201 {id}. */
export function sendApplication(application: OwnerApplicationRequest) {
  return apiFetch('/api/owner-applications', {
    method: 'POST',
    body: application,
    schema: ownerApplicationCreatedSchema,
  });
}
