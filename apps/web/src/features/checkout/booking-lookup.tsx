// A booking opened by its id: the confirmation the flow lands on (/booking?booking={id}, so a
// reload shows it again) and the link in the confirmation e-mail.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/http';
import { PageLoading } from '../../shared/ui/page-loading';
import button from '../../shared/ui/button.module.css';
import { usePublicBooking } from './api/get-booking';
import { BookingConfirmation } from './booking-confirmation';
import styles from './checkout.module.css';

export default function BookingLookup({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const query = usePublicBooking(bookingId);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return (
      <div role="alert" className={styles.alert}>
        <p>{status === 404 ? t('errors.bookingNotFound') : t('errors.bookingUnavailable')}</p>
        <p className={styles.detail}>{t('errors.bookingLoadFailed', { status })}</p>
        <button type="button" className={button.outline} onClick={() => void navigate('/')}>
          {t('actions.back')}
        </button>
      </div>
    );
  }
  return <BookingConfirmation booking={query.data} onBack={() => void navigate('/')} />;
}
