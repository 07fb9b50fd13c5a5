// The review: what will be booked, the price from the domain's bookingPrice, and Continue,
// which stays disabled with one translated reason per domain blocker code.
import { useTranslation } from 'react-i18next';
import { canaryTimeLabel, formatCanaryDate, roundHours, type Locale } from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import type { Passengers } from '@boats/domain/passengers';
import type { BookingChoice } from './booking-choice';
import type { Mode } from './selection-state';
import styles from './booking.module.css';

export type ReviewPanelProps = {
  mode: Mode;
  choice: BookingChoice;
  passengers: Passengers;
  minSeatsToDepart: number;
  locale: Locale;
  busy: boolean;
  error: string | null;
  onContinue: () => void;
};

export function ReviewPanel({
  mode,
  choice,
  passengers,
  minSeatsToDepart,
  locale,
  busy,
  error,
  onContinue,
}: ReviewPanelProps) {
  const { t } = useTranslation('booking');
  const { slot, hours, end, price, blockers } = choice;
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <section className={styles.review} aria-labelledby="booking-review-title">
      <h3 id="booking-review-title" className={styles.subTitle}>
        {t('review.title')}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>{t('review.mode')}</dt>
          <dd>{t(`mode.${mode}`)}</dd>
        </div>
        {slot && (
          <div>
            <dt>{t('review.when')}</dt>
            <dd data-testid="review-when">
              {formatCanaryDate(slot.start, locale)} {canaryTimeLabel(slot.start)}
              {end ? `–${canaryTimeLabel(end)}` : ''}
            </dd>
          </div>
        )}
        {hours != null && hours > 0 && (
          <div>
            <dt>{t('review.duration')}</dt>
            <dd>{t('duration.hours', { count: roundHours(hours) })}</dd>
          </div>
        )}
        {mode === 'shared' && (
          <div>
            <dt>{t('review.passengers')}</dt>
            <dd>
              {t('review.paxSummary', {
                adults: passengers.adults,
                children: passengers.children50,
                kids: passengers.kidsFree,
              })}
            </dd>
          </div>
        )}
        {price && (
          <div>
            <dt>{t('review.price')}</dt>
            <dd>
              {mode === 'private'
                ? t('review.charterFormula', {
                    hours: price.breakdown.hours,
                    unit: money(Math.round(price.breakdown.unitPerHour * 100)),
                  })
                : t('review.sharedFormula', {
                    units: price.breakdown.paidUnits,
                    unit: money(Math.round(price.breakdown.unitPerHour * 100)),
                    hours: roundHours(price.breakdown.hours),
                  })}
            </dd>
          </div>
        )}
      </dl>
      <p className={styles.total}>
        <span>{t('review.total')}</span>
        <strong data-testid="review-total">{price ? money(price.amountCents) : '—'}</strong>
      </p>
      {blockers.length > 0 && (
        <ul className={styles.blockers} id="booking-blockers" aria-live="polite">
          {blockers.map((code) => (
            <li key={code} data-code={code}>
              {t(`blockers.${code}`, { left: slot?.seatsLeft ?? 0, min: minSeatsToDepart })}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div role="alert" className={styles.alert}>
          {error}
        </div>
      )}
      <button
        type="button"
        className={styles.primary}
        disabled={blockers.length > 0 || busy}
        aria-describedby={blockers.length > 0 ? 'booking-blockers' : undefined}
        onClick={onContinue}
      >
        {busy ? t('payment.initializing') : t('review.continue')}
      </button>
    </section>
  );
}
