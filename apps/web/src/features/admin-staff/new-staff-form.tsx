// "Add an account": e-mail, role and a first password the admin passes on to the person.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, staffCreateSchema } from '@boats/domain/schemas/staff';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useCreateStaff } from './api/create-staff';
import { useAuth } from '../../shared/auth/auth-context';
import card from '../../shared/ui/card.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export function NewStaffForm() {
  const { t } = useTranslation('admin-staff');
  const create = useCreateStaff();
  // An owner creates crew for their boats only; admin accounts are the platform admin's.
  const { user } = useAuth();
  const roles = user?.role === 'owner' ? (['crew'] as const) : STAFF_ROLES;
  const [created, setCreated] = useState<string | null>(null);
  const form = useZodForm(staffCreateSchema, { defaultValues: { email: '', role: 'crew', password: '' } });

  return (
    <section className={`${card.panel} ${listAndForm.card}`} aria-labelledby="new-staff-title">
      <h2 id="new-staff-title" className={listAndForm.cardTitle}>
        {t('create.title')}
      </h2>
      <Form
        form={form}
        className={listAndForm.form}
        onSubmit={async (values) => {
          setCreated(null);
          const account = await create.mutateAsync(values);
          setCreated(account.email);
          form.reset({ email: '', role: values.role, password: '' });
        }}
      >
        <FormField name="email" label={t('create.email')} type="email" autoComplete="off" />
        <FormField name="role" label={t('create.role')} as="select">
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </FormField>
        <FormField
          name="password"
          label={t('create.password')}
          hint={t('create.passwordHint')}
          type="text"
          autoComplete="new-password"
        />
        <FormError />
        <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('create.submitting') : t('create.submit')}
        </button>
      </Form>
      {created && <Banner tone="success">{t('create.done', { email: created })}</Banner>}
    </section>
  );
}
