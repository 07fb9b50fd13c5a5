// The chosen day's start times in Canary time (past ones are already left out by the caller).
import { useTranslation } from 'react-i18next';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { StartOption } from './slot-options';
import type { Mode } from './selection-state';
import styles from './booking.module.css';

export type StartTimesProps = {
  mode: Mode;
  options: StartOption[];
  selectedId: string | null;
  onSelect: (option: StartOption) => void;
};

export function StartTimes({ mode, options, selectedId, onSelect }: StartTimesProps) {
  const { t } = useTranslation('booking');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('times.title')}</legend>
      {options.length === 0 ? (
        <p className={styles.muted}>{t('times.none')}</p>
      ) : (
        <ul className={styles.times}>
          {options.map((o) => {
            const start = canaryTimeLabel(o.slot.start);
            const end = canaryTimeLabel(o.slot.end);
            return (
              <li key={o.slot._id}>
                <button
                  type="button"
                  className={`${styles.time} ${o.slot._id === selectedId ? styles.timeSelected : ''}`}
                  aria-pressed={o.slot._id === selectedId}
                  onClick={() => onSelect(o)}
                >
                  <span className={styles.timeLabel}>{mode === 'private' ? start : `${start}–${end}`}</span>
                  {mode === 'shared' && (
                    <span className={styles.timeNote}>
                      {o.full ? t('times.full') : t('times.seatsLeft', { count: o.slot.seatsLeft })}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className={styles.hint}>{t('times.canaryNote')}</p>
    </fieldset>
  );
}
