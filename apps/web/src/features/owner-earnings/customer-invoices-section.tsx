// The invoices the platform issued to the owner's customers in the owner's name, on the earnings
// page (docs/invoicing.md#customers-invoices-in-the-owners-name): number, kind, booking, the
// company a full invoice names, total and date, one row each, wrapping on a phone; each opens its
// printable page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bookingReference } from '@boats/domain/booking-reference';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { eurosToCents, formatEuros } from '@boats/domain/money';
import { shownInvoiceType } from '@boats/domain/customer-invoice';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useCustomerInvoices } from './api/customer-invoices';
import { InvoicesSection, InvoiceRow } from './invoices-section';
import { paths } from '../../shared/paths';

export function CustomerInvoicesSection({ ownerId }: { ownerId: string | null }) {
  const { t } = useTranslation('owner-invoices');
  const lang = currentLanguage();
  return (
    <InvoicesSection
      id="customer-invoices"
      title={t('customers.title')}
      empty={t('customers.empty')}
      query={useCustomerInvoices(ownerId)}
    >
      {(invoice) => (
        <InvoiceRow
          key={invoice._id}
          link={
            <Link to={paths.admin.customerInvoice.getHref(invoice._id)}>
              {t(
                `customers.type.${shownInvoiceType({ ...invoice, totalCents: eurosToCents(invoice.total) })}`,
                {
                  number: invoice.number,
                },
              )}
            </Link>
          }
          total={formatEuros(invoice.total, lang)}
          details={[
            formatCanaryDate(new Date(invoice.issuedAt), lang),
            t('customers.booking', { reference: bookingReference(invoice.bookingId) }),
            invoice.recipient,
            invoice.cancelled ? t('customers.cancelled') : null,
          ]}
        />
      )}
    </InvoicesSection>
  );
}
