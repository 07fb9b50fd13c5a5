// A canceled trip's people (issue 31.4): each customer with what became of them (still
// choosing until…, moved to…, refunded…), so the operator and the crew can still call them.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import type { CanceledCustomer, TripCancellationSummary } from '@boats/domain/schemas/trips';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import styles from './trips.module.css';
import { telHref } from '../../shared/ui/tel-href';

export function CanceledCustomers({ cancellation }: { cancellation: TripCancellationSummary }) {
  const { t } = useTranslation('trips');
  const lang = currentLanguage();
  const { totals } = cancellation;
  return (
    <section aria-label={t('canceled.title')}>
      <h3 className={styles.customer}>{t('canceled.title')}</h3>
      <p className={styles.summary}>
        {cancellation.reasonCode
          ? // The operator's own reason, never "weather" for a technical fault.
            t('canceled.cause.operatorReason', {
              at: formatCanaryDateTime(cancellation.canceledAt, lang),
              reason: t(`cancel.reasons.${cancellation.reasonCode}`),
            })
          : t(`canceled.cause.${cancellation.cause}`, {
              at: formatCanaryDateTime(cancellation.canceledAt, lang),
            })}
      </p>
      <p className={styles.summary} data-testid="canceled-totals">
        {[
          t('canceled.bookings', { count: totals.customers }),
          t('card.people', { count: totals.people }),
          t('canceled.paid', { amount: formatEuros(totals.paid, lang) }),
          t('canceled.waiting', { count: totals.waiting }),
          t('canceled.moved', { count: totals.moved }),
          t('canceled.refunded', { count: totals.refunded }),
          ...(totals.notCharged > 0 ? [t('canceled.notCharged', { count: totals.notCharged })] : []),
        ].join(' · ')}
      </p>
      {cancellation.customers.length === 0 ? (
        <p>{t('manifest.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('canceled.title')}>
          {cancellation.customers.map((c) => (
            <CanceledCustomerCard key={c.bookingId} customer={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CanceledCustomerCard({ customer: c }: { customer: CanceledCustomer }) {
  const { t } = useTranslation('trips');
  const lang = currentLanguage();
  const at = (iso: string | null) => (iso ? formatCanaryDateTime(iso, lang) : '');
  return (
    <li className={styles.card}>
      <h3 className={styles.customer}>
        {c.customerName || t('manifest.noName')} <small>#{c.ref}</small>
      </h3>
      <p>
        <Badge>
          {t(`canceled.state.${c.state}`, {
            deadline: at(c.deadline),
            to: at(c.movedTo),
            at: at(c.refundedAt),
          })}
        </Badge>
      </p>
      {c.customerPhone && (
        <a className={styles.phone} href={telHref(c.customerPhone)}>
          {t('manifest.call', { phone: c.customerPhone })}
        </a>
      )}
      <p className={styles.facts}>
        {t('card.people', { count: c.people })} · {t('canceled.paid', { amount: formatEuros(c.paid, lang) })}
      </p>
    </li>
  );
}
