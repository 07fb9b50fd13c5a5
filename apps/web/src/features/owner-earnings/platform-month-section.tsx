// The platform admin's month on the earnings page (docs/payments.md#the-platform-month): gross
// sales, refunds, fees earned, owners' shares, paid out and owed, the sum of every owner's
// statement for the month; and issuing an ended month's commission invoices now (the month under
// way is shown, not offered: docs/invoicing.md#invoices-for-a-month-that-has-ended).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMonths, canaryYearMonth, formatCanaryMonthYear, monthHasEnded } from '@boats/domain/canary-time';
import { periodKey } from '@boats/domain/commission-invoice';
import { formatEuros } from '@boats/domain/money';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { useIssueInvoices } from './api/issue-invoices';
import { usePlatformMonth } from './api/platform-month';
import styles from './owner-earnings.module.css';

/** This Canary month and the eleven before it, newest first. */
function recentPeriods(now: Date): string[] {
  const { year, month } = canaryYearMonth(now);
  return Array.from({ length: 12 }, (_, i) => {
    const m = addMonths(year, month, -i);
    return periodKey(m.year, m.month);
  });
}

export function PlatformMonthSection() {
  const { t } = useTranslation('owner-invoices');
  const errorText = useAdminErrorText();
  const lang = currentLanguage();
  const [periods] = useState(() => recentPeriods(new Date()));
  const [period, setPeriod] = useState(periods[0]!);
  const month = usePlatformMonth(period);
  const issue = useIssueInvoices();
  const label = (p: string) => formatCanaryMonthYear(Number(p.slice(0, 4)), Number(p.slice(5, 7)), lang);
  return (
    <section aria-labelledby="platform-month" className={styles.page}>
      <h2 id="platform-month" className={styles.heading}>
        {t('platform.title')}
      </h2>
      <label className={styles.pick}>
        {t('platform.month')}
        <select value={period} onChange={(e) => setPeriod(e.target.value)}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {label(p)}
            </option>
          ))}
        </select>
      </label>
      {month.isPending ? (
        <PageLoading />
      ) : month.isError ? (
        <Banner tone="error">{errorText(month.error)}</Banner>
      ) : (
        <dl className={styles.figures} aria-label={t('platform.title')}>
          {(
            [
              ['grossSales', 'grossSales'],
              ['refunds', 'refunds'],
              ['fees', 'fees'],
              ['commissionIgic', 'commissionIgic'],
              ['shares', 'ownersShares'],
              ['paidOut', 'paidOut'],
              ['owed', 'owed'],
              ['movesCovered', 'movesCovered'],
            ] as const
          ).map(([text, key]) => (
            <div key={key} className={styles.figure}>
              <dt>{t(`platform.${text}`)}</dt>
              <dd data-testid={`platform-${key}`}>{formatEuros(month.data[key], lang)}</dd>
            </div>
          ))}
        </dl>
      )}
      <div>
        {monthHasEnded(period, new Date()) ? (
          <button
            type="button"
            className={button.outline}
            disabled={issue.isPending}
            onClick={() => issue.mutate(period)}
          >
            {t('platform.issue')}
          </button>
        ) : (
          <p>{t('platform.notEnded')}</p>
        )}
        {issue.isError && <Banner tone="error">{errorText(issue.error)}</Banner>}
        {issue.data && (
          <p role="status">
            {issue.data.issued.length === 0
              ? t('platform.noneIssued')
              : t('platform.issued', { count: issue.data.issued.length })}
          </p>
        )}
      </div>
    </section>
  );
}
