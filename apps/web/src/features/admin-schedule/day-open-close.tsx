// Closes (bad weather ahead, boat in the yard) or reopens every slot of a boat on one day.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, canaryDateKey } from '@boats/domain/canary-time';
import { useSetDayOpen } from './api/set-day-open';
import styles from './schedule.module.css';
import button from '../../shared/ui/button.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';

export function DayOpenClose({ boatId }: { boatId: string }) {
  const { t } = useTranslation('schedule');
  const errorText = useAdminErrorText();
  const [date, setDate] = useState(addDays(canaryDateKey(new Date()), 1));
  const day = useSetDayOpen();
  const run = (isOpen: boolean) => day.mutate({ boatId, date, isOpen });
  return (
    <div className={styles.form}>
      <label>
        {t('day.date')}
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <div className={styles.row}>
        <button type="button" className={button.outline} disabled={day.isPending} onClick={() => run(false)}>
          {t('day.close')}
        </button>
        <button type="button" className={button.outline} disabled={day.isPending} onClick={() => run(true)}>
          {t('day.open')}
        </button>
      </div>
      {day.isSuccess && (
        <p role="status">
          {t(day.variables.isOpen ? 'day.opened' : 'day.closed', { count: day.data.updated })}
        </p>
      )}
      {day.isError && <p role="alert">{errorText(day.error)}</p>}
    </div>
  );
}
