// "Add an agent": the desk's or seller's name, the e-mail and first password it signs in with
// (the admin tells it to the agent), and its commission.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentFormSchema } from '@boats/domain/schemas/agents';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useCreateAgent } from './api/create-agent';
import listAndForm from '../../shared/admin/list-and-form.module.css';

const EMPTY = { name: '', email: '', password: '', commissionPercent: '' };

export function NewAgentForm() {
  const { t } = useTranslation('admin-agents');
  const create = useCreateAgent();
  const [created, setCreated] = useState<string | null>(null);
  const form = useZodForm(agentFormSchema, { defaultValues: EMPTY });

  return (
    <section className={`${card.panel} ${listAndForm.card}`} aria-labelledby="new-agent-title">
      <h2 id="new-agent-title" className={listAndForm.cardTitle}>
        {t('create.title')}
      </h2>
      <Form
        form={form}
        className={listAndForm.form}
        onSubmit={async (values) => {
          setCreated(null);
          const agent = await create.mutateAsync(values);
          setCreated(agent.name);
          form.reset(EMPTY);
        }}
      >
        <FormField name="name" label={t('create.name')} autoComplete="off" />
        <FormField name="email" label={t('create.email')} type="email" autoComplete="off" />
        <FormField
          name="password"
          label={t('create.password')}
          type="password"
          autoComplete="new-password"
          hint={t('create.passwordHint')}
        />
        <FormField
          name="commissionPercent"
          label={t('create.commission')}
          hint={t('create.commissionHint')}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormError />
        <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('create.submitting') : t('create.submit')}
        </button>
      </Form>
      {created && <Banner tone="success">{t('create.done', { name: created })}</Banner>}
    </section>
  );
}
