// The frame both printable invoices share, the platform's to the owner (invoice-page.tsx) and the
// owner's customers' (customer-invoice-page.tsx): Print and Back above an A4 sheet in the
// document's language, headed by its VERI*FACTU QR code (docs/invoicing.md#qr-code); print CSS
// leaves only the sheet on paper.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InvoiceParty } from '@boats/domain/schemas/invoices';
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

export function Party({ party }: { party: InvoiceParty }) {
  return <address className={styles.party}>{[party.name, party.address].filter(Boolean).join('\n')}</address>;
}
