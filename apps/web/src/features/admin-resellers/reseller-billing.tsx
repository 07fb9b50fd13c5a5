// A reseller's billing details on its card (docs/channels.md#invoices-to-the-reseller): whom the
// platform's monthly invoices to it name. The tax id is checked against the country by the same
// domain schema as the server's; a tax id the server refuses shows on its field.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resellerBillingInputSchema, type Reseller } from '@boats/domain/schemas/resellers';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useSetResellerBilling } from './api/set-reseller-billing';
import styles from './admin-resellers.module.css';

export function ResellerBilling({ reseller }: { reseller: Reseller }) {
  const { t } = useTranslation('admin-resellers');
  const save = useSetResellerBilling();
  const [saved, setSaved] = useState(false);
  const form = useZodForm(resellerBillingInputSchema, { defaultValues: reseller.billing });
  const id = (name: string) => `reseller-${reseller._id}-${name}`;
  return (
    <section aria-label={t('billing.title')}>
      <h3 className={styles.keysTitle}>{t('billing.title')}</h3>
      <p className={styles.contact}>{t('billing.intro')}</p>
      <Form
        form={form}
        className={styles.billing}
        onSubmit={async (billing) => {
          setSaved(false);
          await save.mutateAsync({ id: reseller._id, billing });
          setSaved(true);
        }}
      >
        <FormField name="legalName" id={id('legalName')} label={t('billing.legalName')} autoComplete="off" />
        <FormField
          name="taxId"
          id={id('taxId')}
          label={t('billing.taxId')}
          hint={t('billing.taxIdHint')}
          autoComplete="off"
        />
        <FormField
          name="country"
          id={id('country')}
          label={t('billing.country')}
          maxLength={2}
          autoComplete="off"
        />
        <FormField name="address" id={id('address')} label={t('billing.address')} autoComplete="off" />
        <FormError />
        <button type="submit" className={button.secondary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('billing.saving') : t('billing.save')}
        </button>
      </Form>
      {saved && <Banner tone="success">{t('billing.saved')}</Banner>}
    </section>
  );
}
