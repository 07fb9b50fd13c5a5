// A request-to-book the owner has not answered can be withdrawn: asked twice (the first press
// says what happens), then canceled with its card authorization let go; nothing is charged.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useWithdrawRequest } from './api/withdraw-request';
import styles from './manage-booking.module.css';

export function WithdrawRequestPanel({
  bookingId,
  token,
  onWithdrawn,
}: {
  bookingId: string;
  token: string;
  /** Withdrawn: the page says so in place of "canceled". */
  onWithdrawn: () => void;
}) {
  const { t } = useTranslation('manage');
  const withdraw = useWithdrawRequest();
  const [asked, setAsked] = useState(false);
  return (
    <section className={styles.cancel} aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className={styles.sectionTitle}>
        {t('withdraw.title')}
      </h2>
      {asked && <p>{t('withdraw.what')}</p>}
      {withdraw.isError && <Banner tone="error">{t('withdraw.failed')}</Banner>}
      <button
        type="button"
        className={button.secondary}
        disabled={withdraw.isPending}
        aria-busy={withdraw.isPending}
        onClick={() =>
          asked ? withdraw.mutate({ id: bookingId, token }, { onSuccess: onWithdrawn }) : setAsked(true)
        }
      >
        {asked ? t('withdraw.confirm') : t('withdraw.action')}
      </button>
    </section>
  );
}
