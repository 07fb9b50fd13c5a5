// Step two's contact details, checked with the same schema the server uses (spec §5). Field
// messages are the `validation.*` keys of the common namespace; a field shows its error once
// it has been left, or after a Pay attempt.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingContactSchema } from '@boats/domain/schemas/contact';
import styles from './checkout.module.css';

export type ContactValues = { name: string; email: string; phone: string };
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

export function contactErrors(values: ContactValues): ContactErrors {
  const parsed = bookingContactSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'email' || field === 'phone') && !errors[field])
      errors[field] = issue.message;
  }
  return errors;
}

export type ContactFormProps = {
  values: ContactValues;
  touched: Partial<Record<ContactField, boolean>>;
  showAll: boolean;
  onChange: (values: ContactValues) => void;
  onBlur: (field: ContactField) => void;
};

const FIELDS: { field: ContactField; type: string; autoComplete: string }[] = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'email', type: 'email', autoComplete: 'email' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
];

export function ContactForm({ values, touched, showAll, onChange, onBlur }: ContactFormProps) {
  const { t } = useTranslation(['booking', 'common']);
  const id = useId();
  const errors = contactErrors(values);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('booking:contact.title')}</legend>
      <p className={styles.muted}>{t('booking:contact.hint')}</p>
      {FIELDS.map(({ field, type, autoComplete }) => {
        const error = (touched[field] || showAll) && errors[field];
        const inputId = `${id}-${field}`;
        return (
          <div key={field} className={styles.field}>
            <label htmlFor={inputId}>{t(`booking:contact.${field}`)}</label>
            <input
              id={inputId}
              type={type}
              autoComplete={autoComplete}
              inputMode={field === 'phone' ? 'tel' : undefined}
              placeholder={field === 'phone' ? '+34600123456' : undefined}
              value={values[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => onChange({ ...values, [field]: e.target.value })}
              onBlur={() => onBlur(field)}
            />
            {error && (
              <p id={`${inputId}-error`} className={styles.fieldError}>
                {t(`common:${error}`)}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
