// The commission invoices and credit notes on the earnings page: number, month and total, each
// opening its printable page (docs/payments.md#commission-invoices).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useOwnerInvoices } from './api/owner-invoices';
import styles from './owner-earnings.module.css';
import { paths } from '../../shared/paths';

export function OwnerInvoicesSection({ ownerId }: { ownerId: string | null }) {
  const { t } = useTranslation('owner-invoices');
  const errorText = useAdminErrorText();
  const invoices = useOwnerInvoices(ownerId);
  const lang = currentLanguage();
  return (
    <section aria-labelledby="owner-invoices">
      <h2 id="owner-invoices" className={styles.heading}>
        {t('list.title')}
      </h2>
      {invoices.isPending ? (
        <PageLoading />
      ) : invoices.isError ? (
        <Banner tone="error">{errorText(invoices.error)}</Banner>
      ) : invoices.data.invoices.length === 0 ? (
        <p>{t('list.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('list.title')}>
          {invoices.data.invoices.map((invoice) => (
            <li key={invoice._id} className={styles.row}>
              <span className={styles.main}>
                <Link to={paths.admin.invoice.getHref(invoice._id)}>
                  {invoice.kind === 'invoice'
                    ? t('list.invoice', { number: invoice.number })
                    : t('list.creditNote', { number: invoice.number })}
                </Link>
                <strong>{t('list.total', { amount: formatEuros(invoice.total, lang) })}</strong>
              </span>
              <span className={styles.muted}>
                {formatCanaryDate(new Date(invoice.issuedAt), lang)}
                {ownerId === null && invoice.ownerName ? ` · ${invoice.ownerName}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
