// A boat photo in the smallest file that looks sharp: AVIF or WebP, 480 or 960 px wide, chosen
// by the browser from `sizes`. Any other URL (an operator's own link) is shown as it is.
import { imageSources } from '@boats/domain/image-sources';

export type BoatPhotoProps = {
  url: string;
  alt: string;
  /** How wide the photo is drawn, as for `<img sizes>`. */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** 'high' for the photo that is the page's largest paint. */
  fetchPriority?: 'high' | 'low' | 'auto';
  /** Intrinsic size, where the layout does not fix the photo's box in CSS. */
  width?: number;
  height?: number;
};

export function BoatPhoto({
  url,
  alt,
  sizes,
  className,
  loading = 'lazy',
  fetchPriority,
  width,
  height,
}: BoatPhotoProps) {
  const sources = imageSources(url);
  return (
    <picture>
      {sources && <source type="image/avif" srcSet={sources.avif} sizes={sizes} />}
      {sources && <source type="image/webp" srcSet={sources.webp} sizes={sizes} />}
      <img
        src={sources?.src ?? url}
        alt={alt}
        width={width}
        height={height}
        className={className}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
