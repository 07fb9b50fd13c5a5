// Filters of the bookings page: month (Canary time), status, type, search (Enter or Apply),
// sort direction and the CSV export of the current filter.
import { BOOKING_STATUSES, type BookingStatus } from '@boats/domain/booking-status';
import { formatCanaryMonthYear } from '@boats/domain/canary-time';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';
import styles from './admin-bookings.module.css';

export type ToolbarProps = {
  month: { year: number; month: number };
  onMonth: (delta: number) => void;
  status: BookingStatus | '';
  onStatus: (status: BookingStatus | '') => void;
  type: 'private' | 'shared' | '';
  onType: (type: 'private' | 'shared' | '') => void;
  search: string;
  onSearch: (text: string) => void;
  onApply: () => void;
  sort: 'asc' | 'desc';
  onSort: (sort: 'asc' | 'desc') => void;
  exportDisabled: boolean;
  exporting: boolean;
  onExport: () => void;
};

export function BookingsToolbar(p: ToolbarProps) {
  const { t } = useTranslation('admin-bookings');
  const ids = { status: useId(), type: useId(), search: useId(), sort: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    p.onApply();
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.monthNav}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => p.onMonth(-1)}
          aria-label={t('month.previous')}
        >
          ‹
        </button>
        <span className={styles.monthLabel} aria-live="polite">
          {formatCanaryMonthYear(p.month.year, p.month.month, currentLanguage())}
        </span>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => p.onMonth(1)}
          aria-label={t('month.next')}
        >
          ›
        </button>
      </div>

      <form className={styles.filters} onSubmit={submit} role="search">
        <label htmlFor={ids.status} className={styles.field}>
          <span>{t('filter.status')}</span>
          <select
            id={ids.status}
            value={p.status}
            onChange={(e) => p.onStatus(e.target.value as BookingStatus | '')}
          >
            <option value="">{t('filter.allStatuses')}</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.type} className={styles.field}>
          <span>{t('filter.type')}</span>
          <select
            id={ids.type}
            value={p.type}
            onChange={(e) => p.onType(e.target.value as 'private' | 'shared' | '')}
          >
            <option value="">{t('filter.allTypes')}</option>
            <option value="private">{t('type.private')}</option>
            <option value="shared">{t('type.shared')}</option>
          </select>
        </label>
        <label htmlFor={ids.search} className={`${styles.field} ${styles.grow}`}>
          <span>{t('filter.search')}</span>
          <input
            id={ids.search}
            type="search"
            value={p.search}
            placeholder={t('filter.searchPlaceholder')}
            onChange={(e) => p.onSearch(e.target.value)}
          />
        </label>
        <label htmlFor={ids.sort} className={styles.field}>
          <span>{t('filter.sort')}</span>
          <select
            id={ids.sort}
            value={p.sort}
            onChange={(e) => p.onSort(e.target.value === 'desc' ? 'desc' : 'asc')}
          >
            <option value="asc">{t('filter.sortAsc')}</option>
            <option value="desc">{t('filter.sortDesc')}</option>
          </select>
        </label>
        <button type="submit" className={styles.primary}>
          {t('filter.apply')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={p.exportDisabled || p.exporting}
          onClick={p.onExport}
        >
          {p.exporting ? t('export.working') : t('export.button')}
        </button>
      </form>
    </div>
  );
}
