// /admin/earnings/statement/{YYYY-MM}: an owner's monthly statement as an A4 page
// (docs/payments.md#from-a-card-to-an-owners-bank), the same lines and totals as the month's CSV
// (domain earnings-statement.ts), in the reader's language: each booking's gross, refunds, net,
// platform fee, the commission's IGIC withheld (on the line of the commission invoice that
// charges it) and share, the month's total to the cent, and the payouts of the month with their
// lines. The booking is one column (date, reference, customer), so the six amounts fit a phone.
// The platform admin reads an owner's with ?ownerId=.
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { bookingReference } from '@boats/domain/booking-reference';
import { formatCanaryDate, formatCanaryMonthYear } from '@boats/domain/canary-time';
import { lineDate, statementTotals } from '@boats/domain/earnings-statement';
import type { EarningLine } from '@boats/domain/schemas/payouts';
import { formatEuros } from '@boats/domain/money';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { useOwnerStatement } from './api/owner-money';
import styles from './printable.module.css';
import { paths } from '../../shared/paths';
import { SaleChannel } from './sale-channel';

/** A booking's line by its booking's reference, the commission's IGIC by its invoice's number. */
const lineReference = (line: EarningLine) =>
  line.bookingId ? bookingReference(line.bookingId) : line.invoice;

export default function StatementPage() {
  const { t } = useTranslation('owner-earnings');
  return (
    <AdminLayout title={t('title')}>
      <StatementScreen />
    </AdminLayout>
  );
}

function StatementScreen() {
  const { t } = useTranslation('owner-invoices');
  const { t: money } = useTranslation('owner-earnings');
  const errorText = useAdminErrorText();
  const { month = '' } = useParams();
  const [search] = useSearchParams();
  const ownerId = search.get('ownerId');
  const statement = useOwnerStatement(ownerId, month);
  if (statement.isPending) return <PageLoading />;
  if (statement.isError) return <Banner tone="error">{errorText(statement.error)}</Banner>;
  const lang = currentLanguage();
  const euros = (n: number) => formatEuros(n, lang);
  const { lines, payouts: monthPayouts } = statement.data;
  const totals = statementTotals(lines);
  // The six amounts of each line and of the total; on a phone each shows its label (data-label).
  const amounts = (['gross', 'refunds', 'net', 'fee', 'igic', 'share'] as const).map(
    (key) => [key, t(`statement.${key}`)] as const,
  );
  const title = t('statement.title', {
    month: formatCanaryMonthYear(Number(month.slice(0, 4)), Number(month.slice(5, 7)), lang),
  });
  return (
    <>
      <div className={styles.tools}>
        <button type="button" className={button.primary} onClick={() => window.print()}>
          {t('document.print')}
        </button>
        <Link to={paths.admin.earnings.getHref()} className={button.outline}>
          {t('document.back')}
        </Link>
      </div>
      <article className={styles.sheet} aria-label={title}>
        <h2 className={styles.title}>{title}</h2>
        <h3>{t('statement.earnings')}</h3>
        {lines.length === 0 ? (
          <p>{t('statement.empty')}</p>
        ) : (
          <table className={`${styles.table} ${styles.stack}`} data-testid="statement-lines">
            <thead>
              <tr>
                <th>{t('statement.reference')}</th>
                {amounts.map(([key, label]) => (
                  <th key={key} className={styles.amount}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line._id}>
                  <td>
                    {formatCanaryDate(new Date(lineDate(line)), lang)} · {lineReference(line)}
                    {line.customerName && <div>{line.customerName}</div>}
                    {line.channel && (
                      <div>
                        <SaleChannel line={line} />
                      </div>
                    )}
                    {line.kind === 'adjustment' && <div>{t('statement.adjustment')}</div>}
                    {line.platformCover !== 0 && (
                      <div>{t('statement.platformCover', { amount: euros(line.platformCover) })}</div>
                    )}
                    {line.kind === 'commission_igic' && <div>{t('statement.commissionIgic')}</div>}
                    {line.kind === 'deposit' && <div>{t('statement.deposit')}</div>}
                  </td>
                  {amounts.map(([key, label]) => (
                    <td key={key} className={styles.amount} data-label={label}>
                      {euros(line[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="statement-total">
                <td>{t('statement.total')}</td>
                {amounts.map(([key, label]) => (
                  <td key={key} className={styles.amount} data-label={label}>
                    {euros(totals[key])}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        )}
        <h3>{t('statement.payouts')}</h3>
        {monthPayouts.length === 0 ? (
          <p>{t('statement.noPayouts')}</p>
        ) : (
          monthPayouts.map((payout) => (
            <section key={payout._id} aria-label={payout._id}>
              <p>
                <strong>
                  {t('statement.payout', {
                    date: formatCanaryDate(new Date(payout.settledAt ?? payout.createdAt), lang),
                    amount: euros(payout.amount),
                    state: money(`payouts.state.${payout.state}`),
                  })}
                </strong>
              </p>
              <table className={styles.table}>
                <tbody>
                  {payout.lines.map((line) => (
                    <tr key={line._id}>
                      <td>{formatCanaryDate(new Date(lineDate(line)), lang)}</td>
                      <td>{lineReference(line)}</td>
                      <td className={styles.amount}>{euros(line.share)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))
        )}
      </article>
    </>
  );
}
