// Turns one uploaded photo into the four files the site serves for every boat photo: AVIF and
// WebP at 480 and 960 px wide, 4:3 like the demo photos (see shared/ui/image-sources.ts in the
// web app). The content decides what the file is, never its name or its declared type.
import sharp from 'sharp';
import { invalidField } from '../../http/errors';

export const PHOTO_WIDTHS = [480, 960] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export type PhotoVariant = { width: number; format: PhotoFormat; body: Buffer };

// What cameras, phones and editors produce; anything else is refused even if sharp reads it.
const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
// A decompression bomb (a tiny file that expands to gigapixels) is refused before decoding.
const MAX_INPUT_PIXELS = 60_000_000;

const notAPhoto = () =>
  invalidField('photo', 'photo_not_image', 'This file is not a photo (JPEG, PNG, WebP, AVIF or HEIF).');

export async function photoVariants(input: Buffer): Promise<PhotoVariant[]> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw notAPhoto();
  }
  if (!format || !ACCEPTED_INPUT.has(format)) throw notAPhoto();
  try {
    // rotate() applies the EXIF orientation of phone photos before the metadata is dropped.
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    return await Promise.all(
      PHOTO_WIDTHS.flatMap((width) =>
        PHOTO_FORMATS.map(async (variant) => {
          const resized = source.clone().resize({ width, height: (width * 3) / 4, fit: 'cover' });
          const encoded = variant === 'avif' ? resized.avif({ quality: 50 }) : resized.webp({ quality: 78 });
          return { width, format: variant, body: await encoded.toBuffer() };
        }),
      ),
    );
  } catch {
    // The header was readable but the pixels are not (a truncated or corrupt file).
    throw notAPhoto();
  }
}
