// /booking/manage: find a booking by number and e-mail, or open it from the e-mail's link
// (?booking={id}&token={t}). The token stays in the address, so a reload keeps the booking open.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { BookingLookupResponse } from '@boats/domain/schemas/manage-booking';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { FindBookingForm } from './find-booking-form';
import { ManagedBooking } from './managed-booking';
import styles from './manage-booking.module.css';

export default function ManageBookingPage() {
  const { t } = useTranslation('manage');
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('booking');
  const token = params.get('token');
  const onFound = (answer: BookingLookupResponse) =>
    setParams({ booking: answer.booking._id, token: answer.token }, { replace: true });

  return (
    <>
      <SiteHeader />
      <main className={styles.page}>
        <h1>{t('title')}</h1>
        {bookingId && token ? (
          <ManagedBooking
            bookingId={bookingId}
            token={token}
            onFindAnother={() => setParams({})}
            onFound={onFound}
          />
        ) : (
          <>
            <p>{t('intro')}</p>
            <FindBookingForm onFound={onFound} />
          </>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
