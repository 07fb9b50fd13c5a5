// A code typed on the review step, with Apply: the promo code's and the gift voucher's. Apply
// asks the server (the caller's `check`); a refusal is said under the field in the visitor's
// language; once applied, the code shows with Remove.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../shared/ui/button.module.css';
import styles from './booking.module.css';

export type CodeFieldProps = {
  label: string;
  /** The code applied, shown as "Code X applied", or null while none is. */
  applied: string | null;
  /** Says what the applied code is (a promo code, a voucher). */
  appliedText: (code: string) => string;
  /** Names its test ids: `{kind}-field`, and `{kind}-applied` once applied. */
  kind: 'promo' | 'voucher';
  /** Nothing to apply a code to yet. */
  disabled: boolean;
  /** Checks the code with the server: null once applied, else the sentence saying why not. */
  check: (code: string) => Promise<string | null>;
  pending: boolean;
  onRemove: () => void;
};

export function CodeField({
  label,
  applied,
  appliedText,
  kind,
  disabled,
  check,
  pending,
  onRemove,
}: CodeFieldProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);

  const apply = async () => {
    if (!text.trim() || disabled) return;
    setError(null);
    setError(await check(text));
  };

  if (applied) {
    return (
      <p className={styles.promoApplied} data-testid={`${kind}-applied`}>
        <span>{appliedText(applied)}</span>
        <button
          type="button"
          className={button.link}
          onClick={() => {
            onRemove();
            setText('');
          }}
        >
          {t('promo.remove')}
        </button>
      </p>
    );
  }
  return (
    <div className={styles.promo} data-testid={`${kind}-field`}>
      <label htmlFor={`${id}-code`}>{label}</label>
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
          disabled={!text.trim() || disabled || pending}
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
