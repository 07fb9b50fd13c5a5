// Cancelling under the policy: the refund is shown first (amount, percentage, until when it
// holds, the boat's rules), and only a second, explicit press cancels for exactly that refund.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanaryTimeText } from '../../shared/i18n/canary-time-text';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import { ApiError } from '../../shared/api/http';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { CancellationPolicyRules } from '../../shared/ui/cancellation-policy-rules';
import { useCancelBooking } from './api/cancel-booking';
import { useCancellationQuote } from './api/get-cancellation-quote';
import styles from './manage-booking.module.css';

export function CancelPanel({
  bookingId,
  token,
  onCancelled,
}: {
  bookingId: string;
  token: string;
  /** The booking is canceled; euros: the refund, and its share back on a gift voucher. */
  onCancelled: (refunded: { refund: number; toVoucher: number }) => void;
}) {
  const { t } = useTranslation('manage');
  const locale = currentLanguage();
  const canary = useCanaryTimeText(locale);
  const [open, setOpen] = useState(false);
  const quote = useCancellationQuote(bookingId, token, open);
  const cancel = useCancelBooking();
  const money = (euros: number) => formatMoney(eurosToCents(euros), locale);

  if (!open) {
    return (
      <button type="button" className={button.outline} onClick={() => setOpen(true)}>
        {t('cancel.open')}
      </button>
    );
  }

  const changed =
    cancel.error instanceof ApiError && cancel.error.code === 'refund_changed'
      ? quote.data?.refund
      : undefined;

  return (
    <section className={styles.cancel} aria-labelledby="cancel-title">
      <h2 id="cancel-title" className={styles.sectionTitle}>
        {t('cancel.title')}
      </h2>
      {quote.isPending && <p role="status">{t('cancel.loading')}</p>}
      {quote.isError && <Banner tone="error">{t('failed')}</Banner>}
      {quote.data && !quote.data.cancellable && (
        <Banner tone="info">
          {quote.data.soldBy
            ? t('cancel.throughReseller', { reseller: quote.data.soldBy })
            : t('cancel.notCancellable')}
        </Banner>
      )}
      {quote.data?.cancellable && (
        <>
          <p className={styles.refund} data-testid="refund-quote">
            {quote.data.refund > 0
              ? t('cancel.refund', {
                  refund: money(quote.data.refund),
                  paid: money(quote.data.paid),
                  percent: quote.data.refundPercent,
                })
              : t('cancel.noRefund')}
          </p>
          {quote.data.refund > 0 && quote.data.refundToVoucher > 0 && (
            <p className={styles.muted} data-testid="refund-split">
              {t('cancel.refundSplit', {
                voucher: money(quote.data.refundToVoucher),
                card: money(quote.data.refundToCard),
              })}
            </p>
          )}
          {quote.data.deadline && (
            <p className={styles.muted}>{t('cancel.deadline', { when: canary.at(quote.data.deadline) })}</p>
          )}
          <CancellationPolicyRules policy={quote.data.policy} />
          {changed !== undefined && (
            <Banner tone="info">{t('cancel.changed', { refund: money(changed) })}</Banner>
          )}
          {cancel.isError && changed === undefined && <Banner tone="error">{t('cancel.failed')}</Banner>}
          <div className={styles.actions}>
            <button
              type="button"
              className={button.primary}
              disabled={cancel.isPending}
              aria-busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { id: bookingId, token, expectedRefund: quote.data.refund },
                  {
                    // The voucher's share as quoted: the cancel is refused if the refund moved.
                    onSuccess: (answer) =>
                      onCancelled({ refund: answer.refund, toVoucher: quote.data.refundToVoucher }),
                    onError: () => void quote.refetch(),
                  },
                )
              }
            >
              {cancel.isPending
                ? t('cancel.pending')
                : quote.data.refund > 0
                  ? t('cancel.confirm', { refund: money(quote.data.refund) })
                  : t('cancel.confirmNoRefund')}
            </button>
            <button type="button" className={button.secondary} onClick={() => setOpen(false)}>
              {t('cancel.keep')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
