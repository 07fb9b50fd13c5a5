// The frame both printable invoices share, the platform's to the owner (invoice-page.tsx) and the
// owner's customers' (customer-invoice-page.tsx): Print and Back above an A4 sheet in the
// document's language, headed by its VERI*FACTU QR code (docs/invoicing.md#qr-code); print CSS
// leaves only the sheet on paper.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InvoiceParty } from '@boats/domain/schemas/invoices';
import { formatEuros } from '@boats/domain/money';
import type { LanguageCode } from '@boats/domain/languages';
import button from '../../shared/ui/button.module.css';
import { VerifactuQr } from '../../shared/ui/verifactu-qr';
import styles from './printable.module.css';
import { paths } from '../../shared/paths';

export function PrintableInvoice({
  lang,
  number,
  qrUrl,
  children,
}: {
  /** The document's language, whoever reads it on screen; the buttons speak the reader's. */
  lang: string;
  number: string;
  qrUrl: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('owner-invoices', { lng: lang });
  const { t: ui } = useTranslation('owner-invoices');
  return (
    <>
      <div className={styles.tools}>
        <button type="button" className={button.primary} onClick={() => window.print()}>
          {ui('document.print')}
        </button>
        <Link to={paths.admin.earnings.getHref()} className={button.outline}>
          {ui('document.back')}
        </Link>
      </div>
      <article className={styles.sheet} lang={lang} aria-label={number}>
        {qrUrl && <VerifactuQr url={qrUrl} label={t('document.qrLabel')} />}
        {children}
      </article>
    </>
  );
}

function Party({ party }: { party: InvoiceParty }) {
  return <address className={styles.party}>{[party.name, party.address].filter(Boolean).join('\n')}</address>;
}

/** The seller and, when the document names one, the buyer, each with their tax id. */
export function InvoiceParties({
  lang,
  seller,
  buyer,
}: {
  lang: string;
  seller: InvoiceParty;
  buyer: InvoiceParty | null;
}) {
  const { t } = useTranslation('owner-invoices', { lng: lang });
  return (
    <div className={styles.parties}>
      <div>
        <strong>{t('document.seller')}</strong>
        <Party party={seller} />
        <div>{t('document.taxId', { taxId: seller.taxId })}</div>
      </div>
      {buyer && (
        <div>
          <strong>{t('document.buyer')}</strong>
          <Party party={buyer} />
          {buyer.taxId && <div>{t('document.taxId', { taxId: buyer.taxId })}</div>}
        </div>
      )}
    </div>
  );
}

/** Base, the tax line the document names (IGIC at a rate, or the exemption), and the total. */
export function InvoiceTotals({
  lang,
  base,
  taxLabel,
  tax,
  total,
}: {
  lang: LanguageCode;
  base: number;
  taxLabel: string;
  tax: number;
  total: number;
}) {
  const { t } = useTranslation('owner-invoices', { lng: lang });
  return (
    <dl className={styles.totals}>
      <dt>{t('document.base')}</dt>
      <dd data-testid="invoice-base">{formatEuros(base, lang)}</dd>
      <dt>{taxLabel}</dt>
      <dd data-testid="invoice-igic">{formatEuros(tax, lang)}</dd>
      <dt className={styles.grand}>{t('document.total')}</dt>
      <dd className={styles.grand} data-testid="invoice-total">
        {formatEuros(total, lang)}
      </dd>
    </dl>
  );
}
