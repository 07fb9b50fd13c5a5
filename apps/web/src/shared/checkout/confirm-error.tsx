// Spec §8: confirm and booking-load failures read "error confirming payment: …" with Back and,
// when the call can be repeated, Retry. A plain sentence in the visitor's language comes first;
// the spec's text is the detail line.
import { useTranslation } from 'react-i18next';
import button from '../ui/button.module.css';
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
        <strong>{t('errors.confirmPlain')}</strong>
      </p>
      <p className={styles.detail}>
        {t('common:labelled', { label: t('errors.confirmPrefix'), value: message })}
      </p>
      <div className={styles.actions}>
        <button type="button" className={button.outline} onClick={onBack}>
          {t('actions.back')}
        </button>
        {onRetry && (
          <button type="button" className={button.primary} onClick={onRetry}>
            {t('actions.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
