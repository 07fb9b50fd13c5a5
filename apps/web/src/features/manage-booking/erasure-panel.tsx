// The right to erasure (GDPR art. 17, docs/privacy.md#erasure): what is erased and what the law
// makes us keep (an invoice keeps its recipient: the customer's name and address above the
// simplified-invoice limit, a company's) is said before a second press e-mails a link to
// the booking's address: a manage link proves the booking, not the address, so the erasure is
// asked from that link (docs/privacy.md#proof-of-address).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import { AskForLink } from '../../shared/data-rights/ask-for-link';
import { ErasureTerms } from '../../shared/data-rights/erasure-terms';
import styles from './manage-booking.module.css';

export function ErasurePanel({ email }: { email: string }) {
  const { t } = useTranslation('manage');
  const [open, setOpen] = useState(false);
  // Opened from the page's end, its terms and button would sit above a phone's view of the footer.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) section.current?.scrollIntoView({ block: 'start' });
  }, [open]);
  // The booking holds no address any more (erased, or past its retention): nothing to ask.
  if (!email) return null;
  if (!open) {
    return (
      <Button variant="link" onClick={() => setOpen(true)}>
        {t('erasure.open')}
      </Button>
    );
  }
  return (
    <section ref={section} className={styles.cancel} aria-labelledby="erasure-title">
      <h2 id="erasure-title" className={styles.sectionTitle}>
        {t('erasure.title')}
      </h2>
      <ErasureTerms />
      <p className={styles.muted}>{t('erasure.pending')}</p>
      <AskForLink email={email} only="erasure" />
      <Button variant="secondary" onClick={() => setOpen(false)}>
        {t('erasure.keep')}
      </Button>
    </section>
  );
}
