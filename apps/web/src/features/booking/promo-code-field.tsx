// The review step's promo code: a field and Apply. The server answers the code's terms (or the
// reason it is refused, shown translated); the discount line itself is the review's, computed
// by the domain's promoDiscountCents as the checkout charges it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoCheckResponse } from '@boats/domain/schemas/promo-codes';
import { promoRefusalText } from '../checkout';
import { useCheckPromoCode } from './api/check-promo-code';
import button from '../../shared/ui/button.module.css';
import styles from './booking.module.css';

export type PromoCodeFieldProps = {
  boatId: string;
  /** The trip and the extras, in cents; null while nothing is chosen. */
  subtotalCents: number | null;
  applied: PromoCheckResponse | null;
  onChange: (promo: PromoCheckResponse | null) => void;
};

export function PromoCodeField({ boatId, subtotalCents, applied, onChange }: PromoCodeFieldProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  const [text, setText] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckPromoCode();

  const apply = async () => {
    if (!text.trim() || subtotalCents === null) return;
    setError(null);
    try {
      onChange(await check.mutateAsync({ boatId, code: text, subtotalCents }));
    } catch (err) {
      onChange(null);
      setError(promoRefusalText(err) ?? t('promo.failed'));
    }
  };

  if (applied) {
    return (
      <p className={styles.promoApplied} data-testid="promo-applied">
        <span>{t('promo.applied', { code: applied.code })}</span>
        <button
          type="button"
          className={button.link}
          onClick={() => {
            onChange(null);
            setText('');
          }}
        >
          {t('promo.remove')}
        </button>
      </p>
    );
  }
  return (
    <div className={styles.promo}>
      <label htmlFor={`${id}-code`}>{t('promo.label')}</label>
      <div className={styles.promoRow}>
        <input
          id={`${id}-code`}
          className={styles.promoInput}
          value={text}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <button
          type="button"
          className={button.outline}
          disabled={!text.trim() || subtotalCents === null || check.isPending}
          onClick={() => void apply()}
        >
          {t('promo.apply')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.promoError}>
          {error}
        </p>
      )}
    </div>
  );
}
