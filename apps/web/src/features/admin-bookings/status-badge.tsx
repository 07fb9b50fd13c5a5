import type { BookingStatus } from '@boats/domain/booking-status';
import { useTranslation } from 'react-i18next';
import styles from './admin-bookings.module.css';

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('admin-bookings');
  return (
    <span className={`${styles.badge} ${styles[`status_${status}`] ?? ''}`}>{t(`status.${status}`)}</span>
  );
}
