// /admin/earnings/invoices/{id}: the platform's commission invoice or credit note as an A4 page
// (docs/payments.md#commission-invoices), in the language it was issued in (the owner's), with
// a Print button; print CSS leaves only the sheet on paper. The figures are the API's; the
// VERI*FACTU QR code heads the sheet, as the AEAT asks (docs/invoicing.md#qr-code).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatCanaryDate, formatCanaryMonthYear } from '@boats/domain/canary-time';
import { formatEuros, formatNumber } from '@boats/domain/money';
import { agentsLine, commissionDocumentKeys } from '@boats/domain/commission-invoice';
import type { Invoice } from '@boats/domain/schemas/invoices';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { AdminQuery } from '../../shared/admin/admin-query';
import { useOwnerInvoice } from './api/owner-invoice';
import { InvoiceParties, InvoiceTotals, PrintableInvoice } from './printable-invoice';
import styles from './printable.module.css';

export default function InvoicePage() {
  const { t } = useTranslation('owner-invoices');
  return (
    <AdminLayout title={t('list.title')}>
      <InvoiceScreen />
    </AdminLayout>
  );
}

function InvoiceScreen() {
  const { invoiceId = '' } = useParams();
  return (
    <AdminQuery query={useOwnerInvoice(invoiceId)}>
      {(invoice) => <InvoiceSheet invoice={invoice} />}
    </AdminQuery>
  );
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const lang = invoice.language;
  // The document speaks the owner's language, whoever reads it on screen.
  const { t } = useTranslation('owner-invoices', { lng: lang });
  const euros = (n: number) => formatEuros(n, lang);
  const keys = commissionDocumentKeys(invoice.kind);
  const agents = agentsLine(invoice);
  const [year, month] = invoice.period.split('-').map(Number);
  return (
    <PrintableInvoice lang={lang} number={invoice.number} qrUrl={invoice.verifactu?.qrUrl ?? null}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.title}>{t(keys.title)}</h2>
          <p>{t('document.subject')}</p>
        </div>
        <dl className={styles.facts}>
          <dt>{t('document.number')}</dt>
          <dd data-testid="invoice-number">{invoice.number}</dd>
          <dt>{t('document.issued')}</dt>
          <dd>{formatCanaryDate(new Date(invoice.issuedAt), lang)}</dd>
          <dt>{t('document.period')}</dt>
          <dd>{formatCanaryMonthYear(year ?? 2000, month ?? 1, lang)}</dd>
          {invoice.corrects && (
            <>
              <dt>{t(keys.corrects)}</dt>
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
      <InvoiceParties lang={lang} seller={invoice.seller} buyer={invoice.buyer} />
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('document.trip')}</th>
            <th>{t('document.reference')}</th>
            <th className={styles.amount}>{t('document.net')}</th>
            <th className={styles.amount}>{t('document.rate')}</th>
            <th className={styles.amount}>{t('document.fee')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={`${line.bookingId}-${line.fee}-${line.net}`}>
              <td>{formatCanaryDate(new Date(line.tripStartsAt), lang)}</td>
              <td>{line.reference}</td>
              <td className={styles.amount}>{euros(line.net)}</td>
              <td className={styles.amount}>{formatNumber(line.commissionPercent, lang)} %</td>
              <td className={styles.amount}>{euros(line.fee)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {agents.lines.length > 0 && (
        <>
          <h3 className={styles.sectionTitle}>{t('document.agentsHeading')}</h3>
          <table className={styles.table} data-testid="invoice-agents">
            <thead>
              <tr>
                <th>{t('document.trip')}</th>
                <th>{t('document.reference')}</th>
                <th>{t('document.agent')}</th>
                <th className={styles.amount}>{t('document.agentCommission')}</th>
              </tr>
            </thead>
            <tbody>
              {agents.lines.map((line) => (
                <tr key={`${line.bookingId}-${line.agentCommission}-${line.net}`}>
                  <td>{formatCanaryDate(new Date(line.tripStartsAt), lang)}</td>
                  <td>{line.reference}</td>
                  <td>{line.agentName}</td>
                  <td className={styles.amount}>{euros(line.agentCommission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className={styles.totals}>
            <dt>{t('document.feesSubtotal')}</dt>
            <dd data-testid="invoice-fees">{euros(agents.fees)}</dd>
            <dt>{t('document.agentsSubtotal')}</dt>
            <dd data-testid="invoice-agents-total">{euros(agents.commissions)}</dd>
          </dl>
        </>
      )}
      <InvoiceTotals
        lang={lang}
        base={invoice.base}
        taxLabel={t('document.igic', { percent: formatNumber(invoice.igicPercent, lang) })}
        tax={invoice.igic}
        total={invoice.total}
      />
      {agents.lines.length > 0 && <p className={styles.note}>{t('document.agentsNote')}</p>}
      <p className={styles.note}>{t(keys.note)}</p>
    </PrintableInvoice>
  );
}
