// The invoices the platform issued to the owner's customers in the owner's name, on the earnings
// page (docs/invoicing.md#customers-invoices-in-the-owners-name): number, kind, booking, the
// company a full invoice names, total and date, one row each, wrapping on a phone; each opens its
// printable page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bookingReference } from '@boats/domain/booking-reference';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useCustomerInvoices } from './api/customer-invoices';
import styles from './owner-earnings.module.css';
import { paths } from '../../shared/paths';

export function CustomerInvoicesSection({ ownerId }: { ownerId: string | null }) {
  const { t } = useTranslation('owner-invoices');
  const errorText = useAdminErrorText();
  const invoices = useCustomerInvoices(ownerId);
  const lang = currentLanguage();
  return (
    <section aria-labelledby="customer-invoices">
      <h2 id="customer-invoices" className={styles.heading}>
        {t('customers.title')}
      </h2>
      {invoices.isPending ? (
        <PageLoading />
      ) : invoices.isError ? (
        <Banner tone="error">{errorText(invoices.error)}</Banner>
      ) : invoices.data.invoices.length === 0 ? (
        <p>{t('customers.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('customers.title')}>
          {invoices.data.invoices.map((invoice) => (
            <li key={invoice._id} className={styles.row}>
              <span className={styles.main}>
                <Link to={paths.admin.customerInvoice.getHref(invoice._id)}>
                  {t(`customers.type.${invoice.invoiceType}`, { number: invoice.number })}
                </Link>
                <strong>{t('list.total', { amount: formatEuros(invoice.total, lang) })}</strong>
              </span>
              <span className={styles.muted}>
                {[
                  formatCanaryDate(new Date(invoice.issuedAt), lang),
                  t('customers.booking', { reference: bookingReference(invoice.bookingId) }),
                  invoice.recipient,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
