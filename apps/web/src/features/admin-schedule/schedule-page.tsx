// /admin/schedule: recurring slots from a weekly pattern, whole days closed or opened, and the
// boat's calendar feed, all for the boat picked at the top.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '@boats/domain/boat-card';
import { AdminLayout } from '../../shared/admin/admin-layout';
import card from '../../shared/ui/card.module.css';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useScheduleBoats } from './api/get-schedule-boats';
import { CalendarFeedPanel } from './calendar-feed-panel';
import { DayOpenClose } from './day-open-close';
import { ScheduleForm } from './schedule-form';
import field from '../../shared/ui/form-field.module.css';
import styles from './schedule.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';

export default function SchedulePage() {
  const { t } = useTranslation('schedule');
  return (
    <AdminLayout title={t('title')}>
      <Schedule />
    </AdminLayout>
  );
}

function Schedule() {
  const { t } = useTranslation('schedule');
  const errorText = useAdminErrorText();
  const boats = useScheduleBoats();
  const [picked, setPicked] = useState('');
  const boat = boats.data?.find((b) => b._id === picked) ?? boats.data?.[0];
  const boatId = boat?._id ?? '';
  return (
    <>
      {boats.isError && <p role="alert">{errorText(boats.error)}</p>}
      <label className={field.field}>
        <span className={field.label}>{t('boat')}</span>
        <select className={field.control} value={boatId} onChange={(e) => setPicked(e.target.value)}>
          {boats.data?.map((b) => (
            <option key={b._id} value={b._id}>
              {localized(b.titleI18n, b.title, currentLanguage())}
            </option>
          ))}
        </select>
      </label>
      {boat && (
        <>
          <section className={`${card.panel} ${styles.section}`}>
            <h2>{t('weekly')}</h2>
            <ScheduleForm key={boatId} boat={boat} />
          </section>
          <section className={`${card.panel} ${styles.section}`}>
            <h2>{t('day.title')}</h2>
            <DayOpenClose key={boatId} boatId={boatId} />
          </section>
          <section className={`${card.panel} ${styles.section}`}>
            <h2>{t('feed.title')}</h2>
            <CalendarFeedPanel key={boatId} boatId={boatId} />
          </section>
        </>
      )}
    </>
  );
}
