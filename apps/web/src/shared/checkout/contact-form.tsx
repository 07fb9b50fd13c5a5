// Step two's contact details, fields of the payment step's form (React Hook Form over
// onlineBookingContactSchema, the schema the server checks them with, docs/product.md §5).
import { useTranslation } from 'react-i18next';
import { FormField } from '../ui/form';
import card from '../ui/card.module.css';
import styles from './checkout.module.css';

export function ContactForm({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation('booking');
  return (
    <fieldset className={`${card.panel} ${styles.fieldset}`} disabled={disabled}>
      <legend className={styles.legend}>{t('contact.title')}</legend>
      <p className={styles.muted}>{t('contact.hint')}</p>
      <FormField name="customer.name" label={t('contact.name')} autoComplete="name" />
      <FormField name="customer.email" label={t('contact.email')} type="email" autoComplete="email" />
      <FormField
        name="customer.phone"
        label={t('contact.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+34600123456"
      />
    </fieldset>
  );
}
