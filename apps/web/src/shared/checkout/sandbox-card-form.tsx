// The built-in sandbox provider's card fields (docs/product.md#wire-details), fields of the
// payment step's form (cardEntrySchema): the number, expiry and CVC go to
// POST /api/payments/sandbox/confirm, never anywhere else. A phone's numeric keypad has no "/",
// so the expiry writes MM/YY itself as the digits come.
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatCardExpiry, formatCardNumber } from '@boats/domain/card-entry';
import { FieldErrorText, useErrorText, useFieldA11y } from '../ui/form';
import card from '../ui/card.module.css';
import field from '../ui/form-field.module.css';
import type { PaymentFormInput } from './payment-form-schema';
import styles from './checkout.module.css';

type CardFieldProps = {
  name: 'card.number' | 'card.expiry' | 'card.cvc';
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  format?: (typed: string, previous: string) => string;
};

function CardField({ name, label, autoComplete, placeholder, maxLength, format }: CardFieldProps) {
  const {
    field: { ref, name: fieldName, value, onBlur, onChange },
  } = useController<PaymentFormInput, CardFieldProps['name']>({ name });
  const errorText = useErrorText();
  const { error, errorId, controlProps } = useFieldA11y(name, undefined, false);
  return (
    <div className={field.field}>
      <label htmlFor={controlProps.id} className={field.label}>
        {label}
      </label>
      <input
        {...controlProps}
        ref={ref}
        name={fieldName}
        className={field.control}
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onBlur={onBlur}
        onChange={(e) => onChange(format ? format(e.target.value, value) : e.target.value)}
      />
      <FieldErrorText id={errorId} message={errorText(error)} />
    </div>
  );
}

export function SandboxCardForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('booking');
  return (
    <fieldset className={`${card.panel} ${styles.fieldset}`} disabled={disabled}>
      <legend className={styles.legend}>{t('card.title')}</legend>
      <p className={styles.muted}>{t('card.sandboxNote')}</p>
      <CardField
        name="card.number"
        label={t('card.number')}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        format={(typed) => formatCardNumber(typed)}
      />
      <div className={styles.cardRow}>
        <CardField
          name="card.expiry"
          label={t('card.expiry')}
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          maxLength={5}
          format={formatCardExpiry}
        />
        <CardField
          name="card.cvc"
          label={t('card.cvc')}
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
    </fieldset>
  );
}
