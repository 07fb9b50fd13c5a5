// A boat's photos: arrows, and a click on the left half of the photo goes back, on the right
// half forward. Both directions wrap around (docs/product.md §2, §4).
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import styles from './image-carousel.module.css';

function wrapIndex(index: number, length: number): number {
  return length === 0 ? 0 : ((index % length) + length) % length;
}

const SIZES = '(max-width: 575.98px) 88vw, 520px';

export function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation('landing');
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[wrapIndex(index, count)];
  const go = (step: number) => setIndex((i) => wrapIndex(i + step, count));

  const onPhotoClick = (event: MouseEvent<HTMLDivElement>) => {
    if (count < 2) return;
    const rect = event.currentTarget.getBoundingClientRect();
    go(event.clientX - rect.left < rect.width / 2 ? -1 : 1);
  };

  const alt = t('fleet.photoAlt', { title, n: wrapIndex(index, count) + 1, total: count });

  return (
    <div className={styles.carousel} data-carousel="">
      <div className={styles.photo} onClick={onPhotoClick}>
        {current ? (
          <BoatPhoto url={current} alt={alt} sizes={SIZES} width={960} height={640} />
        ) : (
          <div className={styles.placeholder} role="img" aria-label={title} />
        )}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label={t('fleet.prevPhoto')}
            onClick={() => go(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={t('fleet.nextPhoto')}
            onClick={() => go(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          <span className={styles.counter} aria-hidden="true">
            {wrapIndex(index, count) + 1} / {count}
          </span>
        </>
      )}
    </div>
  );
}
