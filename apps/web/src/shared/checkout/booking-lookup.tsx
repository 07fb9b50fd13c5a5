// A booking opened by its id and checkout key: the confirmation the flow lands on
// (/booking?booking={id}&key={key}, so a reload shows it again). Without the key (an address
// copied without it) the server opens nothing, and the page points to manage my booking.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/http';
import { PageLoading } from '../ui/page-loading';
import button from '../ui/button.module.css';
import { usePublicBooking } from './api/get-booking';
import { BookingConfirmation } from './booking-confirmation';
import styles from './checkout.module.css';
import { confirmationShown } from './payment-markers';
import { paths } from '../paths';

export default function BookingLookup({
  bookingId,
  checkoutKey,
}: {
  bookingId: string;
  checkoutKey: string;
}) {
  const { t } = useTranslation(['booking', 'common']);
  const navigate = useNavigate();
  const query = usePublicBooking(bookingId, checkoutKey);
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) confirmationShown(bookingId);
  }, [loaded, bookingId]);

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    // A made-up id (404), a garbled one or no key (400), another booking's key (403) will never load: say so and show the ways on.
    // Only a network error or a 5xx may pass, so only they offer a retry.
    if (status >= 400 && status < 500) {
      return (
        <div className={styles.notFound}>
          <p>{t('errors.bookingNotFound')}</p>
          <p className={styles.actions}>
            <Link className={button.primary} to={paths.manageBooking.getHref()}>
              {t('notFound.findBooking')}
            </Link>
            <Link className={button.outline} to={paths.home.getHref()}>
              {t('notFound.home', { ns: 'common' })}
            </Link>
          </p>
        </div>
      );
    }
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('errors.bookingUnavailable')}</p>
        <button type="button" className={button.outline} onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  // The confirmation is this page's subject: its heading is the page's h1.
  return (
    <BookingConfirmation
      booking={query.data}
      headingLevel={1}
      onBack={() => void navigate(paths.home.getHref())}
    />
  );
}
