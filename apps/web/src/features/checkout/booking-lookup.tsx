// A booking opened by its id, from the link in the confirmation e-mail (/booking?booking={id}).
import type { PublicBooking } from '@boats/domain/schemas/booking';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../shared/api/http';
import { PageLoading } from '../../shared/ui/page-loading';
import { BookingConfirmation } from './booking-confirmation';
import { loadBooking } from './checkout-api';
import styles from './checkout.module.css';

type State =
  { kind: 'loading' } | { kind: 'loaded'; booking: PublicBooking } | { kind: 'failed'; status: number };

export default function BookingLookup({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    loadBooking(bookingId).then(
      (booking) => current && setState({ kind: 'loaded', booking }),
      (err: unknown) =>
        current && setState({ kind: 'failed', status: err instanceof ApiError ? err.status : 0 }),
    );
    return () => {
      current = false;
    };
  }, [bookingId]);

  if (state.kind === 'loading') return <PageLoading />;
  if (state.kind === 'failed') {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('errors.bookingLoadFailed', { status: state.status })}</p>
        <button type="button" className={styles.secondary} onClick={() => void navigate('/')}>
          {t('actions.back')}
        </button>
      </div>
    );
  }
  return <BookingConfirmation booking={state.booking} onBack={() => void navigate('/')} />;
}
