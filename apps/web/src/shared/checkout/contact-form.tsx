// Step two's contact details, fields of the payment step's form (React Hook Form over
// onlineBookingContactSchema, the schema the server checks them with, docs/product.md §5).
import { useTranslation } from 'react-i18next';
import { SIMPLIFIED_LIMIT_CENTS } from '@boats/domain/customer-invoice';
import { formatMoney } from '@boats/domain/money';
import { useLanguage } from '../i18n/use-language';
import { FormField } from '../ui/form';
import card from '../ui/card.module.css';
import styles from './checkout.module.css';

/**
 * `asksAddress`: the booking's invoice names the customer (above the simplified-invoice limit),
 * so their postal address is asked, and why.
 */
export function ContactForm({
  disabled = false,
  asksAddress = false,
}: {
  disabled?: boolean;
  asksAddress?: boolean;
}) {
  const { t } = useTranslation('booking');
  const language = useLanguage();
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
      {asksAddress && (
        <FormField
          name="customer.address"
          label={t('contact.address')}
          hint={t('contact.addressHint', {
            limit: formatMoney(SIMPLIFIED_LIMIT_CENTS, language, { decimals: false }),
          })}
          autoComplete="street-address"
        />
      )}
    </fieldset>
  );
}
