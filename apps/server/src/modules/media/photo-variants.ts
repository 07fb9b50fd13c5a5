// Turns one uploaded photo into the four files the site serves for every boat photo: AVIF and
// WebP at 480 and 960 px wide, 4:3 like the demo photos (packages/domain/src/image-sources.ts
// names them for the web app). The content decides what the file is, never its name or its declared type.
// A private photo (a skipper's licence, a mark on a hull: evidence) gets the same four files
// but is never cropped: scaled to fit 4:3, so nothing at its edges is lost.
import sharp from 'sharp';
import { invalidField } from '../../http/errors';

const PHOTO_WIDTHS = [480, 960] as const;
const PHOTO_FORMATS = ['avif', 'webp'] as const;
type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export type PhotoVariant = { width: number; format: PhotoFormat; body: Buffer };

// What cameras, phones and editors produce; anything else is refused even if sharp reads it.
const ACCEPTED_INPUT = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
// A decompression bomb (a tiny file that expands to gigapixels) is refused before decoding.
const MAX_INPUT_PIXELS = 60_000_000;

const notAPhoto = () =>
  invalidField('photo', 'photo_not_image', 'This file is not a photo (JPEG, PNG, WebP, AVIF or HEIC).');

// An iPhone's HEIC is HEVC-coded. sharp's prebuilt libvips reads HEIF with AV1 (AVIF) only, as
// HEVC is patent-encumbered: such a photo is a photo, just one this server cannot decode. The
// operator is told so, with the way out (the camera's "Most Compatible" format, or a JPEG);
// iOS Safari normally sends JPEG when the page asks for image/*, as the uploader does.
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/** Whether the file is an ISO BMFF image naming an HEVC brand in its `ftyp` box. */
function isHevcHeif(input: Buffer): boolean {
  if (input.length < 16 || input.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(input.readUInt32BE(0), input.length, 4096);
  const brands = [input.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(input.toString('latin1', at, at + 4));
  return brands.some((brand) => HEVC_BRANDS.has(brand));
}

const unreadable = (input: Buffer) =>
  isHevcHeif(input)
    ? invalidField(
        'photo',
        'photo_heic_unsupported',
        'This HEIC photo cannot be read here (HEVC). Send it as JPEG, or set the iPhone camera to "Most Compatible".',
      )
    : notAPhoto();

/** 'cover' crops a boat photo to 4:3; 'inside' scales evidence within 4:3 and crops nothing. */
export type PhotoFit = 'cover' | 'inside';

export async function photoVariants(input: Buffer, fit: PhotoFit = 'cover'): Promise<PhotoVariant[]> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw unreadable(input);
  }
  if (!format || !ACCEPTED_INPUT.has(format)) throw notAPhoto();
  try {
    // rotate() applies the EXIF orientation of phone photos before the metadata is dropped.
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    return await Promise.all(
      PHOTO_WIDTHS.flatMap((width) =>
        PHOTO_FORMATS.map(async (variant) => {
          const resized = source
            .clone()
            .resize({ width, height: (width * 3) / 4, fit, withoutEnlargement: fit === 'inside' });
          const encoded = variant === 'avif' ? resized.avif({ quality: 50 }) : resized.webp({ quality: 78 });
          return { width, format: variant, body: await encoded.toBuffer() };
        }),
      ),
    );
  } catch {
    // The header was readable but the pixels are not (a truncated or corrupt file, or HEVC).
    throw unreadable(input);
  }
}
