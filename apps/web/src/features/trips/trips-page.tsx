// The crew's landing screen: every boat's trips of a day (today by default, Canary time), each
// leading to its manifest; a day back and forward, and check-in one tap away.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { addDays, canaryDateKey, formatDateKey, isDateKey } from '@boats/domain/canary-time';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useTrips } from './api/get-trips';
import { TripCard } from './trip-card';
import styles from './trips.module.css';

export default function TripsPage() {
  const { t } = useTranslation('trips');
  const [params, setParams] = useSearchParams();
  const today = canaryDateKey(new Date());
  const asked = params.get('date') ?? '';
  const date = isDateKey(asked) ? asked : today;
  const trips = useTrips(date);
  const go = (key: string) => setParams(key === today ? {} : { date: key });

  return (
    <AdminLayout title={t('list.title')} access="staff">
      <div className={styles.dayBar}>
        <button type="button" className={styles.ghost} onClick={() => go(addDays(date, -1))}>
          <span aria-hidden="true">‹ </span>
          {t('list.previous')}
        </button>
        <label className={styles.dayPicker}>
          <span className={styles.visuallyHidden}>{t('list.date')}</span>
          <input type="date" value={date} onChange={(e) => isDateKey(e.target.value) && go(e.target.value)} />
        </label>
        <button type="button" className={styles.ghost} onClick={() => go(addDays(date, 1))}>
          {t('list.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <h2 className={styles.dayTitle}>
        {date === today ? t('list.today', { date: formatDateKey(date, currentLanguage()) }) : formatDateKey(date, currentLanguage())}
      </h2>
      <Link to="/admin/checkin" className={styles.primary}>
        {t('list.checkIn')}
      </Link>
      {trips.isPending && <p role="status">{t('list.loading')}</p>}
      {trips.isError && <p role="alert">{trips.error.message}</p>}
      {trips.data && trips.data.items.length === 0 && <p>{t('list.none')}</p>}
      {trips.data && trips.data.items.length > 0 && (
        <ul className={styles.list} aria-label={t('list.title')}>
          {trips.data.items.map((trip) => (
            <TripCard key={trip.slotId} trip={trip} now={new Date()} />
          ))}
        </ul>
      )}
    </AdminLayout>
  );
}
