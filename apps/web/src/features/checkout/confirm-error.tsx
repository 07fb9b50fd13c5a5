// Spec §8: confirm and booking-load failures read "error confirming payment: …" with Back and,
// when the call can be repeated, Retry.
import { useTranslation } from 'react-i18next';
import styles from './checkout.module.css';

export function ConfirmError({
  message,
  onBack,
  onRetry,
}: {
  message: string;
  onBack: () => void;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <div role="alert" className={styles.alert}>
      <p>
        <strong>{t('errors.confirmPrefix')}</strong>: {message}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onBack}>
          {t('actions.back')}
        </button>
        {onRetry && (
          <button type="button" className={styles.primary} onClick={onRetry}>
            {t('actions.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
