// The right to erasure (GDPR art. 17, docs/privacy.md#erasure): what is erased and what the law
// makes us keep (an invoice keeps its recipient) is said before a second, explicit press asks
// for it. Carried out at once, or, while a trip or a refund is pending, by the due date shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { useRequestErasure } from './api/request-erasure';
import styles from './manage-booking.module.css';

export function ErasurePanel({
  bookingId,
  token,
  erased,
}: {
  bookingId: string;
  token: string;
  /** The booking holds no address any more (erased, or past its retention): nothing to ask. */
  erased: boolean;
}) {
  const { t } = useTranslation('manage');
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const erasure = useRequestErasure();

  if (erasure.data?.status === 'done') return <Banner tone="success">{t('erasure.done')}</Banner>;
  if (erasure.data?.status === 'queued') {
    return (
      <Banner tone="info">
        {t('erasure.queued', { date: formatCanaryDate(erasure.data.dueAt, language) })}
      </Banner>
    );
  }
  if (erased) return null;
  if (!open) {
    return (
      <Button variant="link" onClick={() => setOpen(true)}>
        {t('erasure.open')}
      </Button>
    );
  }
  return (
    <section className={styles.cancel} aria-labelledby="erasure-title">
      <h2 id="erasure-title" className={styles.sectionTitle}>
        {t('erasure.title')}
      </h2>
      <p>{t('erasure.what')}</p>
      <p>{t('erasure.kept')}</p>
      <p className={styles.muted}>{t('erasure.pending')}</p>
      {erasure.isError && <Banner tone="error">{t('erasure.failed')}</Banner>}
      <div className={styles.actions}>
        <Button
          variant="outline"
          tone="danger"
          disabled={erasure.isPending}
          aria-busy={erasure.isPending}
          onClick={() => erasure.mutate({ id: bookingId, token })}
        >
          {erasure.isPending ? t('erasure.busy') : t('erasure.confirm')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('erasure.keep')}
        </Button>
      </div>
    </section>
  );
}
