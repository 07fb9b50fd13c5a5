// /booking/manage: find a booking by number and e-mail, or open it from the e-mail's link
// (?booking={id}&token={t}). The token stays in the address, so a reload keeps the booking open.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SiteFooter, SiteHeader } from '../site-menu';
import { FindBookingForm } from './find-booking-form';
import { ManagedBooking } from './managed-booking';
import styles from './manage-booking.module.css';

export default function ManageBookingPage() {
  const { t } = useTranslation('manage');
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('booking');
  const token = params.get('token');

  return (
    <>
      <SiteHeader />
      <main className={styles.page}>
        <h1>{t('title')}</h1>
        {bookingId && token ? (
          <ManagedBooking bookingId={bookingId} token={token} onFindAnother={() => setParams({})} />
        ) : (
          <>
            <p>{t('intro')}</p>
            <FindBookingForm
              onFound={(answer) =>
                setParams({ booking: answer.booking._id, token: answer.token }, { replace: true })
              }
            />
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
