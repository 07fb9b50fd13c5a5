// One trip on the day's list: time, boat, sales against capacity and minimum, boarding, state.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import type { Trip } from '@boats/domain/schemas/trips';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import { timeLeft, tripTimes } from './trip-format';
import styles from './trips.module.css';
import { paths } from '../../shared/paths';

export function TripCard({ trip, now }: { trip: Trip; now: Date }) {
  const { t } = useTranslation('trips');
  const left = trip.atRisk && trip.cutoffAt ? timeLeft(trip.cutoffAt, now) : null;
  return (
    <li className={`${styles.card} ${styles[trip.state]}`}>
      <Link to={paths.admin.trip.getHref(trip.slotId)} className={styles.cardLink}>
        <span className={styles.time}>{tripTimes(trip)}</span>
        <Badge>{t(`state.${trip.state}`)}</Badge>
        <span className={styles.boat}>
          {localized(trip.boatTitleI18n, trip.boatTitle, currentLanguage())}
        </span>
        <span className={styles.facts}>
          {trip.type === 'shared'
            ? t('card.sold', { count: trip.seatsSold, total: trip.seatsTotal })
            : t('card.charter')}
          {trip.seatsHeld > 0 && ` · ${t('card.held', { count: trip.seatsHeld })}`}
          {trip.minSeatsToDepart > 0 &&
            ` · ${t('card.minimum', { count: trip.paidSeats, min: trip.minSeatsToDepart })}`}
          {trip.minimumWaived && ` · ${t('card.waived')}`}
          {trip.lastMinute && ` · ${t('card.lastMinute')}`}
        </span>
        <span className={styles.facts}>
          {trip.state === 'canceled'
            ? t('card.canceledPeople')
            : trip.people > 0
              ? t('card.boarded', { count: trip.people, boarded: trip.boarded })
              : t('card.nobody')}
        </span>
        {left && (
          <span className={styles.risk} role="note">
            {t('card.atRisk', { hours: left.hours, minutes: left.minutes })}
          </span>
        )}
      </Link>
    </li>
  );
}
