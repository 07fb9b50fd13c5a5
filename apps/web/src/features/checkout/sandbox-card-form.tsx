// The built-in sandbox provider's card fields (ARCHITECTURE "Wire details"): the number,
// expiry and CVC go to POST /api/payments/sandbox/confirm, never anywhere else.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCardExpiry, formatCardNumber } from '@boats/domain/card-entry';
import type { SandboxCard } from './checkout-api';
import styles from './checkout.module.css';

export type CardValues = { number: string; expiry: string; cvc: string };
export const emptyCard: CardValues = { number: '', expiry: '', cvc: '' };

/** The card as the sandbox wants it, or null while the fields are incomplete. */
export function parseCard(values: CardValues): SandboxCard | null {
  const number = values.number.replace(/\D/g, '');
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry.trim());
  const cvc = values.cvc.replace(/\D/g, '');
  if (number.length < 12 || number.length > 19 || !expiry || cvc.length < 3 || cvc.length > 4) return null;
  const expMonth = Number(expiry[1]);
  const year = Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { number, expMonth, expYear: year < 100 ? 2000 + year : year, cvc };
}

export function SandboxCardForm({
  values,
  onChange,
  disabled,
}: {
  values: CardValues;
  onChange: (v: CardValues) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('booking');
  const id = useId();
  const set = (field: keyof CardValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [field]: e.target.value });
  // The numeric keypad has no "/": the field writes MM/YY itself as the digits come.
  const setExpiry = (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, expiry: formatCardExpiry(e.target.value, values.expiry) });
  const setNumber = (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, number: formatCardNumber(e.target.value) });
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>{t('card.title')}</legend>
      <p className={styles.muted}>{t('card.sandboxNote')}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-number`}>{t('card.number')}</label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          value={values.number}
          onChange={setNumber}
        />
      </div>
      <div className={styles.cardRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-expiry`}>{t('card.expiry')}</label>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            maxLength={5}
            value={values.expiry}
            onChange={setExpiry}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-cvc`}>{t('card.cvc')}</label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={set('cvc')}
          />
        </div>
      </div>
    </fieldset>
  );
}
