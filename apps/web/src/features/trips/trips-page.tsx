// The crew's landing screen: every boat's trips of a day (today by default, Canary time), each
// leading to its manifest; a day back and forward, and check-in one tap away.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { addDays, canaryDateKey, formatDateKey, isDateKey } from '@boats/domain/canary-time';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useTrips } from './api/get-trips';
import { CrewOfflineStatus } from './offline/offline-views';
import { useCrewOffline } from './offline/use-crew-offline';
import { DayTakings } from './day-takings';
import { TripList } from './trip-list';
import styles from './trips.module.css';
import button from '../../shared/ui/button.module.css';
import { DateInput } from '../../shared/ui/date-input';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { paths } from '../../shared/paths';

export default function TripsPage() {
  const { t } = useTranslation('trips');
  return (
    <AdminLayout title={t('list.title')} access="staff">
      <TripsOfDay />
    </AdminLayout>
  );
}

/** Inside the guard, so nothing is fetched before someone allowed has signed in. */
function TripsOfDay() {
  const { t } = useTranslation('trips');
  const errorText = useAdminErrorText();
  const [params, setParams] = useSearchParams();
  const today = canaryDateKey(new Date());
  const asked = params.get('date') ?? '';
  const date = isDateKey(asked) ? asked : today;
  const trips = useTrips(date);
  const offline = useCrewOffline();
  // A free charter hour is availability, not a trip: shown only on request.
  const [allHours, setAllHours] = useState(false);
  const shown = trips.data?.items.filter(
    (trip) => allHours || trip.type === 'shared' || trip.state !== 'on_track',
  );
  const go = (key: string) => setParams(key === today ? {} : { date: key });

  return (
    <>
      <div className={styles.dayBar}>
        <button
          type="button"
          className={`${button.outline} ${styles.previousDay}`}
          onClick={() => go(addDays(date, -1))}
        >
          <span aria-hidden="true">‹ </span>
          {t('list.previous')}
        </button>
        <label className={styles.dayPicker}>
          <span className={styles.visuallyHidden}>{t('list.date')}</span>
          <DateInput value={date} onChange={(day) => isDateKey(day) && go(day)} />
        </label>
        <button
          type="button"
          className={`${button.outline} ${styles.nextDay}`}
          onClick={() => go(addDays(date, 1))}
        >
          {t('list.next')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      <h2 className={styles.dayTitle}>
        {date === today
          ? t('list.today', { date: formatDateKey(date, currentLanguage()) })
          : formatDateKey(date, currentLanguage())}
      </h2>
      <Link to={paths.admin.checkin.getHref()} className={`${button.secondary} ${styles.wide}`}>
        {t('list.checkIn')}
      </Link>
      {offline.crew && <CrewOfflineStatus state={offline} savedAt={trips.data?.savedAt} />}
      {trips.isPending && <p role="status">{t('list.loading')}</p>}
      {trips.isError && <p role="alert">{errorText(trips.error)}</p>}
      <label className={styles.filter}>
        <input type="checkbox" checked={allHours} onChange={(e) => setAllHours(e.target.checked)} />
        {t('list.freeCharterHours')}
      </label>
      {trips.data && <DayTakings takings={trips.data.takings} deposits={trips.data.deposits} />}
      {shown && shown.length === 0 && <p>{t('list.none')}</p>}
      {shown && shown.length > 0 && <TripList trips={shown} now={new Date()} />}
    </>
  );
}
