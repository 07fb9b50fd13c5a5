// Why us (anchor #why): the first three reasons (docs/product.md §2).
import { useTranslation } from 'react-i18next';
import { formatRating, type Rating } from '@boats/domain/reviews';
import { currentLanguage } from '../../shared/i18n/i18n';
import styles from './why-us.module.css';

/** In order of importance; the page shows the first three. */
const WHY_ITEMS = ['pricing', 'durations', 'confirmation', 'comfort', 'extras', 'activities'] as const;
const SHOWN = 3;

const ICONS: Record<string, string> = {
  pricing:
    'M12 1a11 11 0 1 0 0 22 11 11 0 0 0 0-22Zm1 17.9V20h-2v-1.1a4 4 0 0 1-3-3.9h2a2 2 0 1 0 2-2 4 4 0 0 1-1-7.9V4h2v1.1a4 4 0 0 1 3 3.9h-2a2 2 0 1 0-2 2 4 4 0 0 1 1 7.9Z',
  durations: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.6 4 2.3-1 1.7-5-2.9V6h2Z',
  confirmation: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.5 14.5-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4Z',
};

export function WhyUs({ rating }: { rating?: Rating | null }) {
  const { t } = useTranslation('landing');
  return (
    <section id="why" className={styles.section} aria-labelledby="why-title">
      <div className={styles.inner}>
        <h2 id="why-title" className={styles.title}>
          {t('why.title')}
        </h2>
        <p className={styles.subtitle}>
          {t('why.subtitle')}
          {rating && rating.count > 0 && (
            <>
              {' '}
              {t('why.rated', {
                rating: formatRating(rating.average, currentLanguage()),
                count: rating.count,
              })}
            </>
          )}
        </p>
        <ul className={styles.items}>
          {WHY_ITEMS.slice(0, SHOWN).map((item) => (
            <li key={item} className={styles.item}>
              <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                <path fill="currentColor" d={ICONS[item] ?? ''} />
              </svg>
              <h3 className={styles.itemTitle}>{t(`why.items.${item}.title`)}</h3>
              <p>{t(`why.items.${item}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
