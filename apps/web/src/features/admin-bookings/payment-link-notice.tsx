// A booking staff took and sent a payment link for, still unpaid: until when its seats are held,
// and the link e-mailed again on request (the same link and hold; docs/back-office.md).
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { useResendPaymentLink } from './api/resend-payment-link';

/** Pending, sent a link, and the hold not yet swept: the link can still be paid. */
function awaitsLinkPayment(b: Pick<AdminBooking, 'status' | 'holdExpiresAt' | 'history'>): boolean {
  return (
    b.status === 'pending' &&
    Boolean(b.holdExpiresAt) &&
    b.history.some((h) => h.code === 'payment_link_sent')
  );
}

export function PaymentLinkNotice({ booking }: { booking: AdminBooking }) {
  const { t } = useTranslation('admin-bookings');
  if (!awaitsLinkPayment(booking) || !booking.holdExpiresAt) return null;
  return (
    <Banner tone="info">
      <p>
        {t('details.linkAwaiting', { until: formatCanaryDateTime(booking.holdExpiresAt, currentLanguage()) })}
      </p>
      <ResendLink bookingId={booking._id} />
    </Banner>
  );
}

function ResendLink({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('admin-bookings');
  const resend = useResendPaymentLink(bookingId);
  if (resend.isSuccess) return <p role="status">{t('details.linkResent', { email: resend.data.email })}</p>;
  return (
    <>
      <Button variant="outline" size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {t('details.resendLink')}
      </Button>
      {resend.isError && <p role="alert">{resend.error.message}</p>}
    </>
  );
}
