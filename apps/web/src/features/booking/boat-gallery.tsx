// Booking gallery (max height 480, docs/product.md §9): previous/next wrap around.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GALLERY_PHOTO_SIZES } from '@boats/domain/image-sources';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import styles from './booking.module.css';

export function BoatGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation('booking');
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const count = images.length;
  const current = images[index % count] ?? images[0] ?? '';
  const step = (delta: number) => setIndex((i) => (((i + delta) % count) + count) % count);
  return (
    <figure className={styles.gallery}>
      <BoatPhoto
        url={current}
        alt={t('gallery.alt', { title, n: (index % count) + 1, count })}
        sizes={GALLERY_PHOTO_SIZES}
        className={styles.galleryImage}
        loading="eager"
        fetchPriority="high"
      />
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.galleryNav} ${styles.galleryPrev}`}
            onClick={() => step(-1)}
            aria-label={t('gallery.previous')}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.galleryNav} ${styles.galleryNext}`}
            onClick={() => step(1)}
            aria-label={t('gallery.next')}
          >
            ›
          </button>
          <figcaption className={styles.galleryCount}>
            {(index % count) + 1} / {count}
          </figcaption>
        </>
      )}
    </figure>
  );
}
