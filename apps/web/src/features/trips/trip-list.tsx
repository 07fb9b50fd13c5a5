// The day's trips as crew scroll them: canceled trips that had no bookings need nothing from
// anyone, so they fold into one line at the end ("2 canceled trips without bookings") that
// opens to show them; a canceled trip with customers stays among the others.
import { useTranslation } from 'react-i18next';
import type { Trip } from '@boats/domain/schemas/trips';
import { TripCard } from './trip-card';
import styles from './trips.module.css';

const emptyCanceled = (trip: Trip) => trip.state === 'canceled' && trip.canceledBookings === 0;

export function TripList({ trips, now }: { trips: readonly Trip[]; now: Date }) {
  const { t } = useTranslation('trips');
  const folded = trips.filter(emptyCanceled);
  const listed = trips.filter((trip) => !emptyCanceled(trip));
  return (
    <>
      {listed.length > 0 && (
        <ul className={styles.list} aria-label={t('list.title')}>
          {listed.map((trip) => (
            <TripCard key={trip.slotId} trip={trip} now={now} />
          ))}
        </ul>
      )}
      {folded.length > 0 && (
        <details className={styles.folded}>
          <summary>{t('list.emptyCanceled', { count: folded.length })}</summary>
          <ul className={styles.list}>
            {folded.map((trip) => (
              <TripCard key={trip.slotId} trip={trip} now={now} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
