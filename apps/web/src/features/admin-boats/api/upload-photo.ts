// POST /api/admin/photos: one photo file; the answer is its URL for the boat's images.
import { useMutation } from '@tanstack/react-query';
import { PHOTO_FIELD, photoUploadResponseSchema } from '@boats/domain/schemas/photo';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  return (await adminFetch('/api/admin/photos', { method: 'POST', body, schema: photoUploadResponseSchema }))
    .url;
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
