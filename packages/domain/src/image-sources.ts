// Boat images come from the API as `/media/boats/{slug}-{n}-960.webp`; the 480 px and AVIF
// variants sit beside them, so the browser can pick the smallest file that looks sharp. The web
// app draws them with these sources and the server preloads the same ones for /booking.
const VARIANT_RE = /-(?:480|960)\.(?:webp|avif)$/;

export type ImageSources = { avif: string; webp: string; src: string };

/** srcsets for a known media image; null for any other URL (shown as it is). */
export function imageSources(url: string): ImageSources | null {
  if (!VARIANT_RE.test(url)) return null;
  const base = url.replace(VARIANT_RE, '');
  return {
    avif: `${base}-480.avif 480w, ${base}-960.avif 960w`,
    webp: `${base}-480.webp 480w, ${base}-960.webp 960w`,
    src: `${base}-960.webp`,
  };
}

/** `sizes` of the boat picker's photos (/booking): the server preloads with the same. */
export const PICKER_PHOTO_SIZES = '(max-width: 575.98px) 100vw, 300px';
/** `sizes` of the booking gallery's main photo (/booking/{boatId}). */
export const GALLERY_PHOTO_SIZES = '(max-width: 991.98px) 100vw, 560px';
