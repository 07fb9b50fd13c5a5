import { z } from './zod';

/** The multipart field an uploaded boat photo travels in. */
export const PHOTO_FIELD = 'photo';

/** Answer of POST /api/admin/photos: the photo's URL, to put in the boat's images. */
export const photoUploadResponseSchema = z.object({ url: z.string().min(1) });
export type PhotoUploadResponse = z.infer<typeof photoUploadResponseSchema>;
