// Boat images come from the API as `/media/boats/{slug}-{n}-960.webp`; the 480 px and AVIF
// variants sit beside them, so the browser can pick the smallest file that looks sharp.
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
