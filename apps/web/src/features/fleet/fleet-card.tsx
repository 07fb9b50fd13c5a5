// One boat in the fleet track (docs/product.md §2 "Fleet card"). The whole card is a control: a press,
// Enter or Space follows its href or books the boat; the photo and its arrows keep their own
// meaning (photo halves and arrows move the carousel).
import { useRef, useId, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayPrice } from '@boats/domain/boat-card';
import type { BoatListItem } from '@boats/domain/schemas/boat';
import { eurosToCents, formatMoney, formatNumber } from '@boats/domain/money';
import type { LanguageCode } from '@boats/domain/languages';
import button from '../../shared/ui/button.module.css';
import { BoatDescription } from './boat-description';
import { ImageCarousel } from './image-carousel';
import { useRevealOnce } from '../../shared/ui/use-reveal-once';
import styles from './fleet-card.module.css';

export type FleetCardProps = {
  item: BoatListItem;
  index: number;
  active: boolean;
  language: LanguageCode;
  /** The description is a translation: show it as (sanitised) HTML. */
  descriptionIsHtml: boolean;
  /** Euros per seat per hour when the boat also runs shared trips. */
  sharedFrom?: number | undefined;
  /** One adult's seat on the shortest shared trip ahead (domain sharedSeatOffer), when known. */
  seatOffer?: { euros: number; hours: number } | undefined;
  /** The half-day and full-day prices a charter is charged (domain dayPrices). */
  dayPrices?: readonly DayPrice[];
  onBook: (boatId: string) => void;
  onFollow: (href: string) => void;
};

export function FleetCard({
  item,
  index,
  active,
  language,
  descriptionIsHtml,
  sharedFrom,
  seatOffer,
  dayPrices = [],
  onBook,
  onFollow,
}: FleetCardProps) {
  const { t } = useTranslation('landing');
  const ref = useRef<HTMLElement>(null);
  const revealed = useRevealOnce(ref, 0.35);
  const titleId = useId();

  const activate = () => (item.href ? onFollow(item.href) : onBook(item.id));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate();
    }
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('button, a, [data-carousel]')) return;
    activate();
  };

  const money = (euros: number) => formatMoney(eurosToCents(euros), language, { decimals: false });
  // A seat's price is charged to the cent: €62.50 is not rounded to €63.
  const exact = (euros: number) =>
    formatMoney(eurosToCents(euros), language, { decimals: !Number.isInteger(euros) });

  return (
    <article
      ref={ref}
      data-index={index}
      data-active={active || undefined}
      className={`${styles.card} ${revealed ? styles.revealed : ''}`}
      style={{ transitionDelay: revealed ? `${Math.min(index, 3) * 80}ms` : undefined }}
      tabIndex={0}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <ImageCarousel images={item.images} title={item.title} />
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {item.title}
        </h3>
        <BoatDescription className={styles.description} text={item.description} asHtml={descriptionIsHtml} />
        <p className={styles.location}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
            />
          </svg>
          {item.location}
        </p>
        <p className={styles.license}>{t(`fleet.license.${item.licenseNote}`)}</p>
        {dayPrices.length > 0 && (
          <p className={styles.shared}>
            {dayPrices
              .map((d) => t(`fleet.${d.rate}`, { hours: d.hours, price: money(d.euros) }))
              .join(' · ')}
          </p>
        )}
        {sharedFrom !== undefined && item.priceFrom > 0 && (
          <p className={styles.shared}>
            {seatOffer
              ? t('fleet.sharedSeat', {
                  price: exact(seatOffer.euros),
                  hours: formatNumber(seatOffer.hours, language),
                })
              : t('fleet.sharedFrom', { price: money(sharedFrom) })}
          </p>
        )}
        <div className={styles.footer}>
          {item.priceFrom > 0 ? (
            <p className={styles.price}>
              <span className={styles.from}>{t('fleet.from')}</span> <strong>{money(item.priceFrom)}</strong>{' '}
              <span className={styles.unit}>{t('fleet.perHour')}</span>
            </p>
          ) : (
            sharedFrom !== undefined &&
            (seatOffer ? (
              // What a seat buys: "€60 per adult, 3 h", not an hourly rate of a fixed-length trip.
              <p className={styles.price} data-testid="seat-offer">
                <strong>{exact(seatOffer.euros)}</strong>{' '}
                <span className={styles.unit}>
                  {t('fleet.perAdultTrip', { hours: formatNumber(seatOffer.hours, language) })}
                </span>
              </p>
            ) : (
              <p className={styles.price}>
                <span className={styles.from}>{t('fleet.from')}</span> <strong>{money(sharedFrom)}</strong>{' '}
                <span className={styles.unit}>{t('fleet.perSeatHour')}</span>
              </p>
            ))
          )}
          <button
            type="button"
            className={button.primary}
            aria-label={t('fleet.bookBoat', { title: item.title })}
            onClick={() => onBook(item.id)}
          >
            {t('fleet.bookOne')}
          </button>
        </div>
      </div>
    </article>
  );
}
