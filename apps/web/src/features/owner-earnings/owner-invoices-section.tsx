// The commission invoices, credit notes and substitutions on the earnings page: number, month and total, each
// opening its printable page (docs/payments.md#commission-invoices).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCanaryDate } from '@boats/domain/canary-time';
import type { InvoiceKind } from '@boats/domain/commission-invoice';
import { formatEuros } from '@boats/domain/money';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useOwnerInvoices } from './api/owner-invoices';
import { InvoicesSection, InvoiceRow } from './invoices-section';
import { paths } from '../../shared/paths';

const LIST_KEY = {
  invoice: 'list.invoice',
  credit_note: 'list.creditNote',
  substitution: 'list.substitution',
} as const satisfies Record<InvoiceKind, string>;

export function OwnerInvoicesSection({ ownerId }: { ownerId: string | null }) {
  const { t } = useTranslation('owner-invoices');
  const lang = currentLanguage();
  return (
    <InvoicesSection
      id="owner-invoices"
      title={t('list.title')}
      empty={t('list.empty')}
      query={useOwnerInvoices(ownerId)}
    >
      {(invoice) => (
        <InvoiceRow
          key={invoice._id}
          link={
            <Link to={paths.admin.invoice.getHref(invoice._id)}>
              {t(LIST_KEY[invoice.kind], { number: invoice.number })}
            </Link>
          }
          total={formatEuros(invoice.total, lang)}
          details={[
            formatCanaryDate(new Date(invoice.issuedAt), lang),
            ownerId === null ? invoice.ownerName : null,
          ]}
        />
      )}
    </InvoicesSection>
  );
}
