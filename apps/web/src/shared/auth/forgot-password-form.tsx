// "Forgot your password?" inside the sign-in dialog: the address, then the same confirmation
// whether or not it has an account (the server says nothing more either).
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@boats/domain/schemas/staff';
import { currentLanguage } from '../i18n/i18n';
import { Banner } from '../ui/banner';
import button from '../ui/button.module.css';
import { Form, FormError, FormField, useZodForm } from '../ui/form';
import { useRequestPasswordReset } from './forgot-password';
import styles from './sign-in-dialog.module.css';

export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('password-reset');
  const request = useRequestPasswordReset();
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email, language: currentLanguage() } });

  return (
    <Form
      form={form}
      className={styles.form}
      // The e-mail comes in the language the page shows now.
      onSubmit={(values) => request.mutateAsync({ ...values, language: currentLanguage() })}
    >
      <p className={styles.intro}>{t('forgot.intro')}</p>
      <FormField name="email" label={t('forgot.email')} type="email" autoComplete="username" required />
      <FormError />
      {request.isSuccess && <Banner tone="success">{t('forgot.sent')}</Banner>}
      <button
        type="submit"
        className={button.secondary}
        disabled={form.formState.isSubmitting || request.isSuccess}
      >
        {t('forgot.submit')}
      </button>
      <button type="button" className={`${button.link} ${styles.back}`} onClick={onBack}>
        {t('forgot.back')}
      </button>
    </Form>
  );
}
