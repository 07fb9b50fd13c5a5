// The boat's extras on the review step: a stepper each, with its price and what it is per. A
// per-person extra goes up to the party's size; one whose notice has passed says so and cannot
// be chosen. The limits and prices are the domain's (extras.ts), as the server charges them.
import { useTranslation } from 'react-i18next';
import { localized } from '@boats/domain/boat-card';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { ExtraAvailability } from './booking-choice';
import styles from './booking.module.css';
import { useLanguage } from '../../shared/i18n/use-language';

export type ExtrasStepperProps = {
  offers: ExtraAvailability[];
  chosen: Record<string, number>;
  onChange: (id: string, quantity: number) => void;
};

export function ExtrasStepper({ offers, chosen, onChange }: ExtrasStepperProps) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  if (offers.length === 0) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('extras.title')}</legend>
      {offers.map(({ extra, limit, tooLate }) => {
        const name = localized(extra.name, extra.name.en, locale);
        const description = localized(extra.description, extra.description.en, locale);
        const count = tooLate ? 0 : Math.min(chosen[extra.id] ?? 0, limit);
        const labelId = `extra-${extra.id}`;
        const price = formatMoney(eurosToCents(extra.price), locale);
        return (
          <div key={extra.id} className={styles.stepperRow}>
            <div>
              <span id={labelId} className={styles.stepperLabel}>
                {name}
              </span>
              <span className={styles.muted}>
                {t(`extras.per.${extra.per}`, { price })}
                {description ? ` · ${description}` : ''}
              </span>
              {tooLate && (
                <span className={styles.muted}>{t('extras.tooLate', { count: extra.noticeHours })}</span>
              )}
            </div>
            <div className={styles.stepper} role="group" aria-labelledby={labelId}>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onChange(extra.id, count - 1)}
                disabled={count <= 0}
                aria-label={t('extras.remove', { name })}
              >
                −
              </button>
              <output className={styles.stepperValue} aria-live="polite" aria-label={name}>
                {count}
              </output>
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => onChange(extra.id, count + 1)}
                disabled={tooLate || count >= limit}
                aria-label={t('extras.add', { name })}
              >
                +
              </button>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
