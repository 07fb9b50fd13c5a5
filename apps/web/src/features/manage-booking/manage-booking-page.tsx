// /booking/manage: find a booking by number and e-mail, or open it from the e-mail's link
// (?booking={id}&token={t}). The token stays in the address, so a reload keeps the booking open.
// A card's bank page (3-D Secure) comes back here with payment_intent… beside them: the change of
// date it paid is confirmed, and the payment leaves the address.
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { BookingLookupResponse } from '@boats/domain/schemas/manage-booking';
import { isRefusedReturn } from '../../shared/checkout';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { PageLoading } from '../../shared/ui/page-loading';
import { FindBookingForm } from './find-booking-form';
import styles from './manage-booking.module.css';

// The booking found loads once there is one: the page's first screen, the form that finds it,
// needs none of its panels (the ticket's QR code, the card form, the schemas and their zod objects).
const ManagedBooking = lazy(() => import('./managed-booking').then((m) => ({ default: m.ManagedBooking })));

export default function ManageBookingPage() {
  const { t } = useTranslation('manage');
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('booking');
  const token = params.get('token');
  const intentId = params.get('payment_intent');
  // Back from the bank page of another card for the security deposit (deposit-panel.tsx), not of
  // a change of date.
  const depositReturn = intentId !== null && params.get('deposit') === '1';
  const bankReturn =
    intentId && !depositReturn
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
          <Suspense fallback={<PageLoading />}>
            <ManagedBooking
              bookingId={bookingId}
              token={token}
              onFindAnother={() => setParams({})}
              onFound={onFound}
              bankReturn={bankReturn}
              depositReturn={depositReturn}
              onBankReturnTaken={onBankReturnTaken}
            />
          </Suspense>
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
