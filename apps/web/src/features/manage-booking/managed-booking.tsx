// One booking opened with its manage token: details and tickets (download, print), the
// confirmation e-mail again, a change of date under the boat's reschedule policy, cancellation
// under the policy, and the move-or-refund choice after the operator canceled the trip.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { BookingLookupResponse } from '@boats/domain/schemas/manage-booking';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { BookingConfirmation } from '../../shared/checkout';
import { TripChangePanel } from './trip-change';
import { useManagedBooking } from './api/get-managed-booking';
import { useResendConfirmation } from './api/resend-confirmation';
import { CancelPanel } from './cancel-panel';
import { LicencePanel } from './licence-panel';
import { ConditionPanel } from './condition-panel';
import { WithdrawRequestPanel } from './withdraw-request-panel';
import { DepositPanel } from './deposit-panel';
import { ReschedulePanel, type BankReturn } from './reschedule-panel';
import { FindBookingForm } from './find-booking-form';
import { PersonalDataLink } from './personal-data-link';
import { ErasurePanel } from './erasure-panel';
import styles from './manage-booking.module.css';

export function ManagedBooking({
  bookingId,
  token,
  onFindAnother,
  onFound,
  bankReturn,
  depositReturn = false,
  onBankReturnTaken,
}: {
  bookingId: string;
  token: string;
  onFindAnother: () => void;
  /** Back from a card's bank page with the payment of a dearer date. */
  bankReturn?: BankReturn | undefined;
  /** Back from a card's bank page with another card for the security deposit. */
  depositReturn?: boolean;
  onBankReturnTaken?: () => void;
  /** A booking found with the lookup form offered after a damaged link. */
  onFound: (answer: BookingLookupResponse) => void;
}) {
  const { t } = useTranslation(['manage', 'booking']);
  const locale = currentLanguage();
  const booking = useManagedBooking(bookingId, token);
  const resend = useResendConfirmation();
  /** Euros refunded by a cancellation made on this page, and how much of it went on a gift voucher. */
  const [refunded, setRefunded] = useState<{ refund: number; toVoucher: number } | null>(null);
  const [choiceMade, setChoiceMade] = useState(false);
  const [withdrawn, setWithdrawn] = useState(false);
  // After canceling at the bottom of the page, the result is said at its top: bring it into view
  // (on a phone the page stayed at the bottom, where the cancel panel had been).
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refunded) resultRef.current?.scrollIntoView({ block: 'start' });
  }, [refunded]);

  if (booking.isPending) return <PageLoading />;
  if (booking.isError) {
    // A 4xx will not change by asking again: the link is damaged or not this booking's, so the
    // way on is the lookup form. Anything else (network, 5xx) may pass: try again.
    const badLink =
      booking.error instanceof ApiError && booking.error.status >= 400 && booking.error.status < 500;
    return badLink ? (
      <>
        <Banner tone="error">{t('loadFailed')}</Banner>
        <FindBookingForm onFound={onFound} />
      </>
    ) : (
      <>
        <Banner tone="error">{t('failed')}</Banner>
        <button type="button" className={button.secondary} onClick={() => void booking.refetch()}>
          {t('actions.retry', { ns: 'booking' })}
        </button>
      </>
    );
  }
  const data = booking.data;
  const cancellable = isUpcomingStatus(data.status);
  return (
    <div className={styles.managed}>
      {refunded !== null ? (
        <div ref={resultRef} data-testid="cancel-result">
          <Banner tone="success">
            {refunded.refund <= 0
              ? t('cancel.doneNoRefund')
              : refunded.toVoucher > 0
                ? t('cancel.doneSplit', {
                    voucher: formatMoney(eurosToCents(refunded.toVoucher), locale),
                    card: formatMoney(
                      eurosToCents(refunded.refund) - eurosToCents(refunded.toVoucher),
                      locale,
                    ),
                  })
                : t('cancel.done', { refund: formatMoney(eurosToCents(refunded.refund), locale) })}
          </Banner>
        </div>
      ) : (
        // A request the owner has not answered is not canceled: its own banner says it waits.
        !cancellable &&
        data.status !== 'requested' &&
        (withdrawn ? (
          <Banner tone="success">{t('withdraw.done')}</Banner>
        ) : (
          <Banner tone="info">{t('canceled')}</Banner>
        ))
      )}
      {(data.status === 'canceled' || choiceMade) && (
        // A trip the operator canceled may come with a choice: move to another trip or a refund.
        // It comes first, above the booking and its void tickets, and stays to say what was done
        // (a move makes the booking paid again).
        <Suspense fallback={null}>
          <TripChangePanel bookingId={bookingId} token={token} onChosen={() => setChoiceMade(true)} />
        </Suspense>
      )}
      <BookingConfirmation
        booking={data}
        heading={t('yourBooking')}
        headingLevel={2}
        onBack={onFindAnother}
        backLabel={t('findAnother')}
        manageToken={token}
      />
      <DepositPanel
        bookingId={bookingId}
        token={token}
        returned={depositReturn}
        onReturnTaken={onBankReturnTaken}
      />
      {data.customer.email && cancellable && (
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
      {/* A self-drive boat: its skipper licence, asked while upcoming, its check shown after. */}
      {data.licence && <LicencePanel bookingId={bookingId} token={token} />}
      {data.licence && <ConditionPanel bookingId={bookingId} token={token} />}
      {cancellable && (
        <ReschedulePanel
          bookingId={bookingId}
          token={token}
          bankReturn={bankReturn}
          onBankReturnTaken={onBankReturnTaken}
        />
      )}
      {cancellable && <CancelPanel bookingId={bookingId} token={token} onCancelled={setRefunded} />}
      {data.status === 'requested' && (
        <WithdrawRequestPanel bookingId={bookingId} token={token} onWithdrawn={() => setWithdrawn(true)} />
      )}
      {data.customer.email && <PersonalDataLink email={data.customer.email} />}
      <ErasurePanel email={data.customer.email ?? ''} />
    </div>
  );
}
