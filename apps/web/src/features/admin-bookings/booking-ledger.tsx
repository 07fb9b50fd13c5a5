// The booking's money as the ledger records it: every payment (card, or taken in person and by
// whom) and refund with its status (after the booking's security deposit, when it has one, which
// the ledger keeps apart),
// and the net received. Fetched on its own (GET /api/admin/bookings/{id}), again whenever the
// booking is acted on, so a refund shows at once.
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { AdminBookingDetails } from '@boats/domain/schemas/booking';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Cell, Table } from '../../shared/ui/table';
import { money } from './booking-format';
import { useBookingDetails } from './api/get-booking-details';
import styles from './admin-bookings.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { BookingDeposit } from './booking-deposit';

type Ledger = Pick<AdminBookingDetails, 'payments' | 'refunds' | 'netReceived'>;

export function BookingLedger({ bookingId }: { bookingId: string }) {
  // The security deposit first, kept apart from the ledger (it is no payment of the booking).
  return (
    <>
      <BookingDeposit bookingId={bookingId} />
      <Ledger bookingId={bookingId} />
    </>
  );
}

function Ledger({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('admin-ledger');
  const errorText = useAdminErrorText();
  const details = useBookingDetails(bookingId);
  if (details.error) return <p role="alert">{t('error', { message: errorText(details.error) })}</p>;
  if (!details.data) return <p className={styles.muted}>{t('loading')}</p>;
  return <BookingLedgerView ledger={details.data} />;
}

export function BookingLedgerView({ ledger }: { ledger: Ledger }) {
  const { t } = useTranslation('admin-ledger');
  const locale = currentLanguage();
  const rows = [
    ...ledger.payments.map((p) => ({
      key: `p-${p.providerId}`,
      at: p.createdAt,
      kind: `${t('payment')} · ${t(`method.${p.method}`)}`,
      amount: money(p.amount),
      status: t(`paymentStatus.${p.status}`),
      detail: p.recordedBy ? t('recordedBy', { who: p.recordedBy }) : `${p.provider} · ${p.providerId}`,
    })),
    ...ledger.refunds.map((r, i) => ({
      key: `r-${i}-${r.createdAt}`,
      at: r.createdAt,
      kind: t('refund'),
      amount: `−${money(r.amount)}`,
      status: t(`refundStatus.${r.status}`),
      detail: `${r.actor} · ${r.reason}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <section aria-label={t('title')}>
      <h3 className={styles.subheading}>{t('title')}</h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <Table cardLabelWidth="7.5em">
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('what')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('detail')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <Cell label={t('when')}>{formatCanaryDateTime(row.at, locale)}</Cell>
                <Cell label={t('what')}>{row.kind}</Cell>
                <Cell label={t('amount')} nowrap>
                  {row.amount}
                </Cell>
                <Cell label={t('status')}>{row.status}</Cell>
                <Cell label={t('detail')}>
                  <span className={styles.identifier}>{row.detail}</span>
                </Cell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p>
        {t('net')} <strong>{money(ledger.netReceived)}</strong>
      </p>
    </section>
  );
}
