// The account's own password and sign-in address. Both take the current password, and the
// second factor again when the last one is older than 10 minutes (adminFetch asks for it).
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changeEmailSchema, changePasswordSchema } from '@boats/domain/schemas/staff';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { ApiError } from '../../shared/api/http';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { Form, FormError, FormField, useZodForm } from '../../shared/ui/form';
import { useChangeEmail, useChangePassword } from './api/own-sign-in';
import styles from './account-security.module.css';

/** A refusal in the reader's language: a wrong current password on its field, else above the button. */
function useRefusal<T extends FieldValues & { currentPassword: string }>(
  form: UseFormReturn<T, unknown, unknown>,
) {
  const { t } = useTranslation('auth');
  const errorText = useAdminErrorText();
  return (err: unknown, onFields: boolean) => {
    if (err instanceof ApiError && err.code === 'wrong_password') {
      const field = 'currentPassword' as Path<T>;
      form.setError(field, { type: 'server', message: t('security.wrongPassword') }, { shouldFocus: true });
    } else if (!onFields) form.setError('root.server', { type: 'server', message: errorText(err) });
  };
}

export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useZodForm(changePasswordSchema, { defaultValues: { currentPassword: '', password: '' } });
  const refused = useRefusal(form);
  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title" className={styles.title}>
        {t('security.password.title')}
      </h2>
      <Form
        form={form}
        className={styles.form}
        onError={refused}
        onSubmit={async (values) => {
          setDone(false);
          await change.mutateAsync(values);
          setDone(true);
          form.reset({ currentPassword: '', password: '' });
        }}
      >
        <FormField
          name="currentPassword"
          label={t('security.currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <FormField
          name="password"
          label={t('security.password.new')}
          hint={t('security.password.hint')}
          type="password"
          autoComplete="new-password"
        />
        <FormError />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('security.password.submit')}
        </Button>
      </Form>
      {done && <Banner tone="success">{t('security.password.done')}</Banner>}
    </section>
  );
}

export function ChangeEmailForm() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const change = useChangeEmail();
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const form = useZodForm(changeEmailSchema, { defaultValues: { email: '', currentPassword: '' } });
  const refused = useRefusal(form);
  return (
    <section className={styles.card} aria-labelledby="email-title">
      <h2 id="email-title" className={styles.title}>
        {t('security.email.title')}
      </h2>
      <Form
        form={form}
        className={styles.form}
        onError={refused}
        onSubmit={async (values) => {
          setChangedTo(null);
          setChangedTo(await change.mutateAsync({ ...values, language }));
          form.reset({ email: '', currentPassword: '' });
        }}
      >
        <FormField name="email" label={t('security.email.new')} type="email" autoComplete="email" />
        <FormField
          name="currentPassword"
          label={t('security.currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <FormError />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('security.email.submit')}
        </Button>
      </Form>
      {changedTo && <Banner tone="success">{t('security.email.done', { email: changedTo })}</Banner>}
    </section>
  );
}
