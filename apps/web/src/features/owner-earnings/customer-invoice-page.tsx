// /admin/earnings/customer-invoices/{id}: an invoice the platform issued to one of the owner's
// customers in the owner's name (docs/invoicing.md#customers-invoices-in-the-owners-name), as an A4
// page in the customer's language with a Print button, like the platform's invoices to the owner.
// The figures are the API's, from the same detail as the PDF the customer received; the
// VERI*FACTU QR code heads the sheet with its legend (docs/invoicing.md#qr-code).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { formatEuros, formatNumber } from '@boats/domain/money';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { customerInvoiceTitleKey } from '@boats/domain/customer-invoice';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import { useCustomerInvoice } from './api/customer-invoice';
import { Party, PrintableInvoice } from './printable-invoice';
import styles from './printable.module.css';

export default function CustomerInvoicePage() {
  const { t } = useTranslation('owner-invoices');
  return (
    <AdminLayout title={t('customers.title')}>
      <CustomerInvoiceScreen />
    </AdminLayout>
  );
}

function CustomerInvoiceScreen() {
  const { invoiceId = '' } = useParams();
  const errorText = useAdminErrorText();
  const invoice = useCustomerInvoice(invoiceId);
  if (invoice.isPending) return <PageLoading />;
  if (invoice.isError) return <Banner tone="error">{errorText(invoice.error)}</Banner>;
  return <CustomerInvoiceSheet invoice={invoice.data} />;
}

function CustomerInvoiceSheet({ invoice }: { invoice: CustomerInvoiceDetail }) {
  const lang = invoice.language;
  // The document speaks the customer's language, whoever reads it on screen.
  const { t } = useTranslation('owner-invoices', { lng: lang });
  const euros = (n: number) => formatEuros(n, lang);
  return (
    <PrintableInvoice lang={lang} number={invoice.number} qrUrl={invoice.verifactu?.qrUrl ?? null}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.title}>{t(customerInvoiceTitleKey(invoice.invoiceType))}</h2>
          <p>{t('customer.subject')}</p>
        </div>
        <dl className={styles.facts}>
          <dt>{t('document.number')}</dt>
          <dd data-testid="invoice-number">{invoice.number}</dd>
          <dt>{t('document.issued')}</dt>
          <dd>{formatCanaryDate(new Date(invoice.issuedAt), lang)}</dd>
          {invoice.corrects && (
            <>
              <dt>{t(invoice.invoiceType === 'F3' ? 'customer.replaces' : 'document.corrects')}</dt>
              <dd>{invoice.corrects}</dd>
            </>
          )}
        </dl>
      </div>
      <div className={styles.parties}>
        <div>
          <strong>{t('document.seller')}</strong>
          <Party party={invoice.issuer} />
          <div>{t('document.taxId', { taxId: invoice.issuer.taxId })}</div>
        </div>
        {invoice.buyer && (
          <div>
            <strong>{t('document.buyer')}</strong>
            <Party party={invoice.buyer} />
            {invoice.buyer.taxId && <div>{t('document.taxId', { taxId: invoice.buyer.taxId })}</div>}
          </div>
        )}
      </div>
      {invoice.issuedByPlatform && (
        <p className={styles.note}>{t('customer.byThirdParty', { platform: invoice.issuedByPlatform })}</p>
      )}
      {invoice.exemptMention && (
        <p className={styles.note} lang="es">
          {invoice.exemptMention}
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('document.trip')}</th>
            <th>{t('document.reference')}</th>
            <th>{t('customer.service')}</th>
            <th className={styles.amount}>{t('document.total')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{formatCanaryDate(new Date(invoice.tripStartsAt), lang)}</td>
            <td>{invoice.reference}</td>
            <td>{t('customer.service')}</td>
            <td className={styles.amount}>{euros(invoice.total)}</td>
          </tr>
        </tbody>
      </table>
      <dl className={styles.totals}>
        <dt>{t('document.base')}</dt>
        <dd data-testid="invoice-base">{euros(invoice.base)}</dd>
        <dt>
          {invoice.igicPercent === null
            ? t('customer.exempt')
            : t('document.igic', { percent: formatNumber(invoice.igicPercent, lang) })}
        </dt>
        <dd data-testid="invoice-igic">{euros(invoice.igic)}</dd>
        <dt className={styles.grand}>{t('document.total')}</dt>
        <dd className={styles.grand} data-testid="invoice-total">
          {euros(invoice.total)}
        </dd>
      </dl>
    </PrintableInvoice>
  );
}
