// "My sales": the agent's month (sold, commission earned), the cash it holds for the operator
// (its cash sales' net, less what went back to customers and what it handed over), and its sales.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime, formatDateKey } from '@boats/domain/canary-time';
import { localized } from '@boats/domain/boat-card';
import { formatEuros } from '@boats/domain/money';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useAgentSales } from './api/get-agent-sales';
import styles from './agent-desk.module.css';

export function MySales() {
  const { t } = useTranslation('agent-desk');
  const errorText = useAdminErrorText();
  const sales = useAgentSales();
  const lng = currentLanguage();
  return (
    <section aria-labelledby="desk-sales-title" className={styles.section}>
      <h2 id="desk-sales-title" className={styles.heading}>
        {t('sales.title')}
      </h2>
      {sales.isPending ? (
        <PageLoading />
      ) : sales.isError ? (
        <Banner tone="error">{errorText(sales.error)}</Banner>
      ) : (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>{t('sales.sold', { count: sales.data.month.bookings })}</dt>
              <dd>{formatEuros(sales.data.month.sold, lng)}</dd>
            </div>
            <div>
              <dt>{t('sales.earned', { percent: sales.data.commissionPercent })}</dt>
              <dd>{formatEuros(sales.data.month.commission, lng)}</dd>
            </div>
            <div>
              <dt>{t('sales.owed')}</dt>
              <dd>{formatEuros(sales.data.balance.owed, lng)}</dd>
            </div>
          </dl>
          {sales.data.balance.settled > 0 && (
            <p className={styles.note}>
              {t('sales.settled', { amount: formatEuros(sales.data.balance.settled, lng) })}
            </p>
          )}
          {sales.data.balance.lastSettlement && (
            <p className={styles.note}>
              {t('sales.lastSettled', {
                amount: formatEuros(sales.data.balance.lastSettlement.amount, lng),
                day: formatDateKey(sales.data.balance.lastSettlement.receivedOn, lng),
              })}
            </p>
          )}
          {sales.data.items.length === 0 ? (
            <p className={styles.note}>{t('sales.none')}</p>
          ) : (
            <ul className={styles.sales}>
              {sales.data.items.map((sale) => (
                <li key={sale.bookingId} aria-label={`#${sale.ref}`}>
                  <span className={styles.tripTitle}>
                    #{sale.ref} · {sale.customerName}
                  </span>
                  <span>
                    {t('sales.line', {
                      boat: localized(sale.boatTitle, '', lng),
                      date: formatCanaryDateTime(sale.start, lng),
                      count: sale.people,
                    })}
                  </span>
                  <span className={styles.muted}>
                    {t(`sales.payment.${sale.payment}`)} · {formatEuros(sale.amount, lng)} ·{' '}
                    {t(`sales.status.${sale.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
