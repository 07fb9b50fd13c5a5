// Who comes: on a shared trip the seats (adults, children 6–12 at half price, under-6s free, at
// most one per adult); on a charter the party on board, within the boat's capacity, which does
// not change the price. The counting rules are the domain's; this only shows them and says why "+" stops.
import { useTranslation } from 'react-i18next';
import type { Passengers } from '@boats/domain/passengers';
import { seatsUsed } from '@boats/domain/passengers';
import styles from './booking.module.css';

type Kind = 'adults' | 'children50' | 'kidsFree';

export type PassengersStepperProps = {
  value: Passengers;
  seatsLeft: number | null;
  /** A charter party: the boat's capacity (people on board, whatever their age). */
  capacity?: number;
  /** A full shared trip's waitlist: the party wanted, up to the seats the trip has in all. */
  seatsTotal?: number;
  onChange: (kind: Kind, count: number) => void;
};

const ROWS: { kind: Kind; pax: string }[] = [
  { kind: 'adults', pax: 'adult' },
  { kind: 'children50', pax: 'child_u13' },
  { kind: 'kidsFree', pax: 'child_u6_free' },
];

/** Upper bound for one counter so a held-down "+" cannot run away; the real limit is the seats left. */
const MAX_PER_TYPE = 99;

export function PassengersStepper({
  value,
  seatsLeft,
  capacity,
  seatsTotal,
  onChange,
}: PassengersStepperProps) {
  const { t } = useTranslation('booking');
  const kidsCapped = value.kidsFree >= value.adults;
  const party = capacity !== undefined;
  const cap = capacity ?? seatsTotal;
  const full = cap !== undefined && seatsUsed(value) >= cap;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t(party ? 'pax.partyTitle' : 'pax.title')}</legend>
      {ROWS.map(({ kind, pax }) => {
        const count = value[kind];
        const label = t(`bookingv2.pax.${pax}`);
        const plusDisabled = count >= MAX_PER_TYPE || full || (kind === 'kidsFree' && kidsCapped);
        return (
          <div key={kind} className={styles.stepperRow}>
            <div>
              <span id={`pax-${kind}`} className={styles.stepperLabel}>
                {label}
              </span>
              <span className={styles.muted}>{t(party ? `pax.partyNote.${kind}` : `pax.note.${kind}`)}</span>
            </div>
            <div className={styles.stepper} role="group" aria-labelledby={`pax-${kind}`}>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onChange(kind, count - 1)}
                disabled={count <= 0}
                aria-label={t('pax.remove', { type: label })}
              >
                −
              </button>
              <output
                className={styles.stepperValue}
                aria-live="polite"
                aria-label={label}
                data-testid={`pax-${kind}`}
              >
                {count}
              </output>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onChange(kind, count + 1)}
                disabled={plusDisabled}
                aria-label={t('pax.add', { type: label })}
              >
                +
              </button>
            </div>
          </div>
        );
      })}
      {kidsCapped && <p className={styles.hint}>{t('pax.kidsRule')}</p>}
      {party && (
        <p className={styles.hint} aria-live="polite">
          {t('pax.onBoard', { count: seatsUsed(value), capacity })}
        </p>
      )}
      {seatsTotal !== undefined && (
        <p className={styles.hint} aria-live="polite">
          {t('pax.waiting', { count: seatsTotal, used: seatsUsed(value) })}
        </p>
      )}
      {!party && seatsLeft !== null && (
        <p className={styles.hint} aria-live="polite">
          {t('pax.seats', { count: seatsLeft, used: seatsUsed(value) })}
        </p>
      )}
    </fieldset>
  );
}
