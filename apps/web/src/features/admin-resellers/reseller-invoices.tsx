// The platform's invoices to a reseller on its card (docs/channels.md#invoices-to-the-reseller): a
// month's invoices, one per issuer (number, issuer, total, where its record stands with the AEAT),
// each with its PDF in the admin's language; what the month waits for (its end, billing details);
// and "Issue the month's invoices" for a closed month with sales still uninvoiced.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastEndedMonth } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { downloadResellerInvoice } from './api/download-reseller-invoice';
import { useResellerInvoices } from './api/get-reseller-invoices';
import { useIssueResellerInvoices } from './api/issue-reseller-invoices';
import styles from './admin-resellers.module.css';

export function ResellerInvoices({ resellerId }: { resellerId: string }) {
  const { t } = useTranslation('admin-resellers');
  const lng = useLanguage();
  const errorText = useAdminErrorText();
  const [month, setMonth] = useState(() => lastEndedMonth(new Date()));
  const invoices = useResellerInvoices(resellerId, month);
  const issue = useIssueResellerInvoices();
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const data = invoices.data;
  return (
    <section aria-label={t('invoices.title')}>
      <h3 className={styles.keysTitle}>{t('invoices.title')}</h3>
      <label className={styles.issueLabel}>
        {t('invoices.month')}
        <input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
      </label>
      {invoices.isPending && <p role="status">{t('invoices.loading')}</p>}
      {invoices.isError && <Banner tone="error">{errorText(invoices.error)}</Banner>}
      {data && (
        <>
          {!data.closed && <p>{t('invoices.open')}</p>}
          {data.missingBilling.length > 0 && (
            <Banner tone="info">
              {t('invoices.missing', {
                fields: data.missingBilling.map((f) => t(`invoices.field.${f}`)).join(', '),
              })}
            </Banner>
          )}
          {data.uninvoicedSales > 0 && <p>{t('invoices.waiting', { count: data.uninvoicedSales })}</p>}
          {data.invoices.length === 0 ? (
            <p>{t('invoices.none')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('invoices.columns.number')}</th>
                  <th scope="col">{t('invoices.columns.issuer')}</th>
                  <th scope="col">{t('invoices.columns.total')}</th>
                  <th scope="col">{t('invoices.columns.aeat')}</th>
                  <th scope="col">{t('invoices.pdf')}</th>
                </tr>
              </thead>
              <tbody>
                {data.invoices.map((invoice) => (
                  <tr key={invoice._id}>
                    <td>
                      {invoice.number}
                      {invoice.corrects && ` (${t('invoices.corrects', { number: invoice.corrects })})`}
                    </td>
                    <td>{invoice.issuer.name}</td>
                    <td>{formatEuros(invoice.total, lng)}</td>
                    <td>{t(`invoices.state.${invoice.aeatState ?? 'none'}`)}</td>
                    <td>
                      <button
                        type="button"
                        className={button.outline}
                        aria-label={t('invoices.pdfOf', { number: invoice.number })}
                        onClick={() => {
                          setDownloadError(null);
                          downloadResellerInvoice(resellerId, invoice, lng).catch(setDownloadError);
                        }}
                      >
                        {t('invoices.pdf')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.closed && data.missingBilling.length === 0 && data.uninvoicedSales > 0 && (
            <button
              type="button"
              className={button.secondary}
              disabled={issue.isPending}
              onClick={() => issue.mutate({ id: resellerId, month })}
            >
              {issue.isPending ? t('invoices.issuing') : t('invoices.issue')}
            </button>
          )}
        </>
      )}
      {issue.isError && <Banner tone="error">{errorText(issue.error)}</Banner>}
      {issue.isSuccess && <Banner tone="success">{t('invoices.issued')}</Banner>}
      {downloadError !== null && <Banner tone="error">{errorText(downloadError)}</Banner>}
    </section>
  );
}
