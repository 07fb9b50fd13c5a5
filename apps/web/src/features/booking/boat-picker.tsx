// "Book all": the visitor picks a boat first; for shared trips (/booking?mode=tickets) only
// among the boats that run them.
import { useTranslation } from 'react-i18next';
import type { Boat } from '@boats/domain/schemas/boat';
import type { TFunction } from 'i18next';
import type { LanguageCode } from '@boats/domain/languages';
import { eurosToCents, formatMoney, formatNumber } from '@boats/domain/money';
import {
  charterPricingFrom,
  localized,
  offersCharter,
  sharedPriceFrom,
  sharedSeatOffer,
} from '@boats/domain/boat-card';
import { useBoats } from '../../shared/api/get-boats';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import { PICKER_PHOTO_SIZES } from '@boats/domain/image-sources';
import styles from './booking.module.css';
import { useLanguage } from '../../shared/i18n/use-language';

export function BoatPicker({
  sharedOnly = false,
  onPick,
}: {
  sharedOnly?: boolean;
  onPick: (boatId: string) => void;
}) {
  const { t } = useTranslation('booking');
  const { data: boats, isError: error } = useBoats();
  if (error)
    return (
      <div role="alert" className={styles.alert}>
        {t('picker.error')}
      </div>
    );
  return (
    <section aria-labelledby="boat-picker-title" aria-busy={!boats}>
      <h3 id="boat-picker-title" className={styles.subTitle}>
        {sharedOnly ? t('picker.titleShared') : t('picker.title')}
      </h3>
      {boats ? (
        <BoatCards boats={shown(boats, sharedOnly)} sharedOnly={sharedOnly} onPick={onPick} />
      ) : (
        <PickerSkeleton />
      )}
    </section>
  );
}

/**
 * Cards the size of the real ones while the fleet loads (the prerendered /booking page shows
 * these), so the boats take their place without moving the page.
 */
function PickerSkeleton() {
  const { t } = useTranslation('booking');
  return (
    <>
      <p className="visually-hidden">{t('loading')}</p>
      <ul className={styles.picker} aria-hidden="true">
        {[0, 1, 2, 3].map((n) => (
          <li key={n} className={styles.pickerSkeleton} />
        ))}
      </ul>
    </>
  );
}

/** In Tickets mode only the boats that run shared trips. */
function shown(boats: Boat[], sharedOnly: boolean): Boat[] {
  return sharedOnly ? boats.filter((boat) => boat.offers?.shared ?? boat.shared.pricing.perHour > 0) : boats;
}

function BoatCards({
  boats,
  sharedOnly,
  onPick,
}: {
  boats: Boat[];
  sharedOnly: boolean;
  onPick: (boatId: string) => void;
}) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  return (
    <ul className={styles.picker}>
      {boats.map((boat, index) => {
        const title = localized(boat.titleI18n, boat.title, locale);
        return (
          <li key={boat._id}>
            <button type="button" className={styles.pickerCard} onClick={() => onPick(boat._id)}>
              {boat.images[0] && (
                <BoatPhoto
                  url={boat.images[0]}
                  alt=""
                  sizes={PICKER_PHOTO_SIZES}
                  className={styles.pickerImage}
                  // The first photo is the page's largest paint: fetched at once and first (the
                  // server preloads it); the second at once but after it and the page's
                  // scripts, the rest as they scroll into view.
                  loading={index < 2 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'low'}
                />
              )}
              <span className={styles.pickerTitle}>{title}</span>
              <span className={styles.muted}>
                {boat.port.name} · {pickerPrice(t, boat, sharedOnly, locale)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The boat's price as the fleet's cards say it, so one price reads one way on the site: "from
 * €180 per hour" for a charter, "€50 per adult, 2 h" for what a seat of a shared trip buys (else
 * "from €20 per seat per hour"). Whole euros as on the cards; a seat's price to the cent.
 */
function pickerPrice(t: TFunction<'booking'>, boat: Boat, sharedOnly: boolean, locale: LanguageCode): string {
  const whole = (euros: number) => formatMoney(eurosToCents(euros), locale, { decimals: false });
  if (!sharedOnly && offersCharter(boat))
    return t('picker.from', { price: whole(charterPricingFrom(boat).perHour) });
  const seat = sharedSeatOffer(boat);
  if (seat)
    return t('picker.seatOffer', {
      price: formatMoney(eurosToCents(seat.euros), locale, { decimals: !Number.isInteger(seat.euros) }),
      hours: formatNumber(seat.hours, locale),
    });
  const perSeatHour = sharedPriceFrom(boat);
  return perSeatHour === undefined ? '' : t('picker.seatFrom', { price: whole(perSeatHour) });
}
