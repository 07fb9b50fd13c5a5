// One booking opened with its manage token: details and tickets (download, print), the
// confirmation e-mail again, and cancellation under the policy.
import { useTranslation } from 'react-i18next';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { BookingConfirmation } from '../checkout';
import { useManagedBooking } from './api/get-managed-booking';
import { useResendConfirmation } from './api/resend-confirmation';
import { CancelPanel } from './cancel-panel';
import styles from './manage-booking.module.css';

const CANCELLABLE = new Set(['paid', 'confirmed']);

export function ManagedBooking({
  bookingId,
  token,
  onFindAnother,
}: {
  bookingId: string;
  token: string;
  onFindAnother: () => void;
}) {
  const { t } = useTranslation('manage');
  const booking = useManagedBooking(bookingId);
  const resend = useResendConfirmation();

  if (booking.isPending) return <PageLoading />;
  if (booking.isError) {
    return (
      <>
        <Banner tone="error">{t('loadFailed')}</Banner>
        <button type="button" className={button.secondary} onClick={onFindAnother}>
          {t('findAnother')}
        </button>
      </>
    );
  }
  const data = booking.data;
  return (
    <div className={styles.managed}>
      {(data.status === 'canceled' || data.status === 'refunded') && (
        <Banner tone="info">{t('canceled')}</Banner>
      )}
      <BookingConfirmation
        booking={data}
        heading={t('yourBooking')}
        onBack={onFindAnother}
        backLabel={t('findAnother')}
      />
      {data.customer.email && CANCELLABLE.has(data.status) && (
        <div className={styles.actions}>
          <button
            type="button"
            className={button.secondary}
            disabled={resend.isPending}
            aria-busy={resend.isPending}
            onClick={() => resend.mutate({ id: bookingId, token })}
          >
            {resend.isPending ? t('resend.pending') : t('resend.action')}
          </button>
        </div>
      )}
      {resend.isSuccess && <Banner tone="success">{t('resend.done', { email: data.customer.email })}</Banner>}
      {resend.isError && <Banner tone="error">{t('resend.failed')}</Banner>}
      {CANCELLABLE.has(data.status) && <CancelPanel bookingId={bookingId} token={token} />}
    </div>
  );
}
