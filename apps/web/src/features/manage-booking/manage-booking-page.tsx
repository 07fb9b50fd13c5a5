// /booking/manage: find a booking by number and e-mail, or open it from the e-mail's link
// (?booking={id}&token={t}). The token stays in the address, so a reload keeps the booking open.
// A card's bank page (3-D Secure) comes back here with payment_intent… beside them: the change of
// date it paid is confirmed, and the payment leaves the address.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { BookingLookupResponse } from '@boats/domain/schemas/manage-booking';
import { isRefusedReturn } from '../../shared/checkout';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { FindBookingForm } from './find-booking-form';
import { ManagedBooking } from './managed-booking';
import styles from './manage-booking.module.css';

export default function ManageBookingPage() {
  const { t } = useTranslation('manage');
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('booking');
  const token = params.get('token');
  const intentId = params.get('payment_intent');
  const bankReturn = intentId
    ? { intentId, refused: isRefusedReturn(params.get('redirect_status')) }
    : undefined;
  const onBankReturnTaken = useCallback(() => {
    if (bookingId && token) setParams({ booking: bookingId, token }, { replace: true });
  }, [bookingId, token, setParams]);
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
            bankReturn={bankReturn}
            onBankReturnTaken={onBankReturnTaken}
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
