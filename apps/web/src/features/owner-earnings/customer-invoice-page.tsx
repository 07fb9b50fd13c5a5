// /admin/earnings/customer-invoices/{id}: an invoice the platform issued to one of the owner's
// customers in the owner's name (docs/invoicing.md#customers-invoices-in-the-owners-name), as an A4
// page with a Print button, like the platform's invoices to the owner: a copy in the reader's
// language, which says the language the customer received it in and shows it as issued on a click.
// The figures are the API's, from the same detail as the PDF the customer received; the
// VERI*FACTU QR code heads the sheet with its legend (docs/invoicing.md#qr-code).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { eurosToCents, formatEuros, formatNumber } from '@boats/domain/money';
import type { CustomerInvoiceDetail } from '@boats/domain/schemas/owner-invoicing';
import { customerInvoiceCorrectsKey, customerInvoiceTitleKey } from '@boats/domain/customer-invoice';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { AdminQuery } from '../../shared/admin/admin-query';
import { useLanguage } from '../../shared/i18n/use-language';
import button from '../../shared/ui/button.module.css';
import { useCustomerInvoice } from './api/customer-invoice';
import { InvoiceParties, InvoiceTotals, PrintableInvoice } from './printable-invoice';
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
  const { t } = useTranslation('owner-invoices');
  const reader = useLanguage();
  // The owner reads a copy in their language; the customer's own, as issued, on a click.
  const [asIssued, setAsIssued] = useState(false);
  return (
    <AdminQuery query={useCustomerInvoice(invoiceId, asIssued ? null : reader)}>
      {(invoice) => (
        <>
          {invoice.issuedIn !== reader && (
            <p className={styles.screenOnly} data-testid="invoice-copy-language">
              {t(asIssued ? 'customer.asIssued' : 'customer.copyIn', {
                language: new Intl.DisplayNames([reader], { type: 'language' }).of(invoice.issuedIn),
              })}{' '}
              <button type="button" className={button.link} onClick={() => setAsIssued(!asIssued)}>
                {t(asIssued ? 'customer.showCopy' : 'customer.showIssued')}
              </button>
            </p>
          )}
          <CustomerInvoiceSheet invoice={invoice} />
        </>
      )}
    </AdminQuery>
  );
}

function CustomerInvoiceSheet({ invoice }: { invoice: CustomerInvoiceDetail }) {
  // The document speaks the language it is drawn in: the reader's copy, or the customer's as issued.
  const lang = invoice.language;
  const { t } = useTranslation('owner-invoices', { lng: lang });
  return (
    <PrintableInvoice lang={lang} number={invoice.number} qrUrl={invoice.verifactu?.qrUrl ?? null}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.title}>
            {t(
              customerInvoiceTitleKey({
                invoiceType: invoice.invoiceType,
                totalCents: eurosToCents(invoice.total),
              }),
            )}
          </h2>
          <p>{t('customer.subject')}</p>
        </div>
        <dl className={styles.facts}>
          <dt>{t('document.number')}</dt>
          <dd data-testid="invoice-number">{invoice.number}</dd>
          <dt>{t('document.issued')}</dt>
          <dd>{formatCanaryDate(new Date(invoice.issuedAt), lang)}</dd>
          <dt>{t('document.operation')}</dt>
          <dd>{formatCanaryDate(new Date(invoice.tripStartsAt), lang)}</dd>
          <dt>{t('document.reference')}</dt>
          <dd>{invoice.reference}</dd>
          {invoice.corrects && (
            <>
              <dt>{t(customerInvoiceCorrectsKey(invoice))}</dt>
              <dd>
                {t('document.numberOfDate', {
                  number: invoice.corrects.number,
                  date: formatCanaryDate(new Date(invoice.corrects.issuedAt), lang),
                })}
              </dd>
            </>
          )}
        </dl>
      </div>
      <InvoiceParties lang={lang} seller={invoice.issuer} buyer={invoice.buyer} />
      {invoice.issuedByPlatform && (
        <p className={styles.note}>
          {t(invoice.byRecipient ? 'customer.byRecipient' : 'customer.byThirdParty', {
            platform: invoice.issuedByPlatform,
          })}
        </p>
      )}
      {invoice.exemptMention && (
        <p className={styles.note} lang="es">
          {invoice.exemptMention}
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('document.description')}</th>
            <th className={styles.amount}>{t('document.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            // Lines have no id of their own: an issued invoice's lines never change order.
            <tr key={i}>
              <td>{line.description}</td>
              <td className={styles.amount}>{formatEuros(line.amount, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <InvoiceTotals
        lang={lang}
        base={invoice.base}
        taxLabel={
          invoice.igicPercent === null
            ? t('customer.exempt')
            : t('document.igic', { percent: formatNumber(invoice.igicPercent, lang) })
        }
        tax={invoice.igic}
        total={invoice.total}
      />
      {invoice.paidByVoucher !== null && (
        <p className={styles.note}>
          {t('customer.paidByVoucher', { amount: formatEuros(invoice.paidByVoucher, lang) })}
        </p>
      )}
    </PrintableInvoice>
  );
}
