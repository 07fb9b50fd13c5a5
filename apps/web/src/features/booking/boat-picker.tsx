// "Book all": the visitor picks a boat first.
import { useTranslation } from 'react-i18next';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { Locale } from '@boats/domain/canary-time';
import { localized } from '@boats/domain/boat-card';
import { useBoats } from '../fleet';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import { PICKER_PHOTO_SIZES } from '@boats/domain/image-sources';
import styles from './booking.module.css';

export function BoatPicker({ locale, onPick }: { locale: Locale; onPick: (boatId: string) => void }) {
  const { t } = useTranslation('booking');
  const { data: boats, isError: error } = useBoats();
  if (error)
    return (
      <div role="alert" className={styles.alert}>
        {t('picker.error')}
      </div>
    );
  if (!boats) return <p aria-busy="true">{t('loading')}</p>;
  return (
    <section aria-labelledby="boat-picker-title">
      <h3 id="boat-picker-title" className={styles.subTitle}>
        {t('picker.title')}
      </h3>
      <ul className={styles.picker}>
        {boats.map((boat, index) => {
          const title = localized(boat.titleI18n, boat.title, locale);
          const from = boat.pricing.perHour > 0 ? boat.pricing.perHour : boat.shared.pricing.perHour;
          return (
            <li key={boat._id}>
              <button type="button" className={styles.pickerCard} onClick={() => onPick(boat._id)}>
                {boat.images[0] && (
                  <BoatPhoto
                    url={boat.images[0]}
                    alt=""
                    sizes={PICKER_PHOTO_SIZES}
                    className={styles.pickerImage}
                    // The first photos are the page's largest paint: fetched at once (the
                    // server preloads the first), the rest as they scroll into view.
                    loading={index < 2 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                  />
                )}
                <span className={styles.pickerTitle}>{title}</span>
                <span className={styles.muted}>
                  {boat.port.name} · {t('picker.from', { price: formatMoney(eurosToCents(from), locale) })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
