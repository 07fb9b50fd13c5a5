// What the minimum-to-depart cutoff will do to a shared trip (domain trip-state): canceled and
// refunded at an instant if it is still below the boat's minimum then, or nothing because it
// was scheduled inside its cutoff (a last-minute trip that runs whatever its paid seats). The
// slot rows say it of a trip, the new-slot window of the trip about to be created.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { currentLanguage } from '../../shared/i18n/i18n';
import styles from './availability-panel.module.css';

export function SlotCutoffNote({
  cutoffAt,
  lastMinute,
  minimum,
  future = false,
}: {
  cutoffAt: string | null;
  lastMinute: boolean;
  minimum: number;
  /** Said of a trip not created yet. */
  future?: boolean;
}) {
  const { t } = useTranslation('admin');
  if (lastMinute)
    return (
      <p className={styles.soldNote} role={future ? 'status' : undefined}>
        {t(future ? 'slots.cutoff.willBeLastMinute' : 'slots.cutoff.lastMinute', { count: minimum })}
      </p>
    );
  if (!cutoffAt) return null;
  return (
    <p className={styles.soldNote} role={future ? 'status' : undefined}>
      {t('slots.cutoff.at', { count: minimum, when: formatCanaryDateTime(cutoffAt, currentLanguage()) })}
    </p>
  );
}
