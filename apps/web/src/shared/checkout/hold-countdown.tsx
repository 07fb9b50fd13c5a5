// How long the seats or hours stay held for this visitor (the hold of the pending booking).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../ui/button.module.css';
import styles from './checkout.module.css';

export function useSecondsLeft(until: string): number {
  const target = Date.parse(until);
  const [left, setLeft] = useState(() => Math.max(0, Math.round((target - Date.now()) / 1000)));
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.round((target - Date.now()) / 1000)));
    // A lengthened hold shows at once, not at the next tick.
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [target]);
  return left;
}

/**
 * `short`: the hold still has its first, short length (no contact details saved yet).
 * `onHoldAgain`: once the hold has lapsed, one tap asks for the same places again.
 */
export function HoldCountdown({
  secondsLeft,
  short = false,
  onHoldAgain,
}: {
  secondsLeft: number;
  short?: boolean;
  onHoldAgain?: (() => void) | undefined;
}) {
  const { t } = useTranslation('booking');
  const mm = String(Math.floor(secondsLeft / 60)).padStart(2, '0');
  const ss = String(secondsLeft % 60).padStart(2, '0');
  if (secondsLeft <= 0) {
    return (
      <div role="alert" className={styles.alert}>
        <p>{t('hold.expired')}</p>
        {onHoldAgain && (
          <button type="button" className={button.primary} onClick={onHoldAgain}>
            {t('hold.again')}
          </button>
        )}
      </div>
    );
  }
  // The last minute looks and sounds urgent: said once to screen readers, not every second.
  const lastMinute = secondsLeft <= 60;
  return (
    <div className={lastMinute ? `${styles.hold} ${styles.holdUrgent}` : styles.hold}>
      <p>
        {t('hold.label')} <strong data-testid="hold-countdown">{`${mm}:${ss}`}</strong>
        {short && <span className={styles.holdHint}>{t('hold.shortHint')}</span>}
      </p>
      <p role="status" className={lastMinute ? styles.holdHint : 'visually-hidden'}>
        {lastMinute ? t('hold.lastMinute') : ''}
      </p>
    </div>
  );
}
