// "Add a reseller": its name and contact, its commission and its cancellation agreement.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESELLER_CANCELLATION_AGREEMENTS, resellerFormSchema } from '@boats/domain/schemas/resellers';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useCreateReseller } from './api/create-reseller';
import listAndForm from '../../shared/admin/list-and-form.module.css';

const EMPTY = {
  name: '',
  contactName: '',
  contactEmail: '',
  commissionPercent: '',
  cancellation: 'boat_policy' as const,
};

export function NewResellerForm() {
  const { t } = useTranslation('admin-resellers');
  const create = useCreateReseller();
  const [created, setCreated] = useState<string | null>(null);
  const form = useZodForm(resellerFormSchema, { defaultValues: EMPTY });

  return (
    <section className={`${card.panel} ${listAndForm.card}`} aria-labelledby="new-reseller-title">
      <h2 id="new-reseller-title" className={listAndForm.cardTitle}>
        {t('create.title')}
      </h2>
      <Form
        form={form}
        className={listAndForm.form}
        onSubmit={async (values) => {
          setCreated(null);
          const reseller = await create.mutateAsync(values);
          setCreated(reseller.name);
          form.reset(EMPTY);
        }}
      >
        <FormField name="name" label={t('create.name')} autoComplete="off" />
        <FormField name="contactName" label={t('create.contactName')} autoComplete="off" />
        <FormField name="contactEmail" label={t('create.contactEmail')} type="email" autoComplete="off" />
        <FormField
          name="commissionPercent"
          label={t('create.commission')}
          hint={t('create.commissionHint')}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormField name="cancellation" label={t('create.cancellation')} as="select">
          {RESELLER_CANCELLATION_AGREEMENTS.map((agreement) => (
            <option key={agreement} value={agreement}>
              {t(`agreements.${agreement}`)}
            </option>
          ))}
        </FormField>
        <FormError />
        <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('create.submitting') : t('create.submit')}
        </button>
      </Form>
      {created && <Banner tone="success">{t('create.done', { name: created })}</Banner>}
    </section>
  );
}
