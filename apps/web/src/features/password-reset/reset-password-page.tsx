// /reset-password#token=…: the page the reset e-mail links to. The token travels in the
// fragment (never sent to a server or in a Referer) and leaves the address bar at once.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { resetPasswordSchema } from '@boats/domain/schemas/staff';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { ApiError, errorText } from '../../shared/api/http';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useResetPassword } from './api/reset-password';
import styles from './reset-password.module.css';
import { paths } from '../../shared/paths';

type ResetLink = { token: string; welcome: boolean };

/**
 * The link's token, and whether it is a new account's first password (`&welcome=1`): from the
 * fragment, or, once it has left the address bar, from the history entry it was moved to (the page
 * may render again after that: a first render that suspends, a remount).
 */
function resetLink(hash: string, state: unknown): ResetLink {
  const params = new URLSearchParams(hash.slice(1));
  if (params.has('token'))
    return { token: params.get('token') ?? '', welcome: params.get('welcome') === '1' };
  const kept = (state as { resetLink?: ResetLink } | null)?.resetLink;
  return kept ?? { token: '', welcome: false };
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('password-reset');
  const location = useLocation();
  const navigate = useNavigate();
  const [{ token, welcome }] = useState(() => resetLink(location.hash, location.state));
  useEffect(() => {
    if (location.hash)
      void navigate(location.pathname, { replace: true, state: { resetLink: { token, welcome } } });
  }, [location.hash, location.pathname, navigate, token, welcome]);
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(resetPasswordSchema, { defaultValues: { token, password: '' } });

  return (
    <main className={styles.page}>
      <h1>{welcome ? t('welcome.title') : t('reset.title')}</h1>
      {welcome && token && !reset.isSuccess && <p>{t('welcome.intro')}</p>}
      {!token ? (
        <Banner tone="error">{t('reset.noToken')}</Banner>
      ) : reset.isSuccess ? (
        <Banner tone="success">
          {t('reset.done')} <Link to={paths.admin.bookings.getHref()}>{t('reset.signIn')}</Link>
        </Banner>
      ) : (
        <Form
          form={form}
          className={styles.form}
          onSubmit={async (values) => {
            setFailure(null);
            await reset.mutateAsync(values);
          }}
          // A used or expired link is reported on the token, which has no field here.
          serverPathToField={(path) => (path === 'token' ? undefined : path)}
          // So is a link cut short (an e-mail program that wrapped it): said before any call.
          onInvalid={(errors) =>
            setFailure('token' in errors && errors.token ? t('reset.linkInvalid') : null)
          }
          onError={(err) =>
            setFailure(
              err instanceof ApiError && err.code === 'reset_link_invalid'
                ? t('reset.linkInvalid')
                : errorText(err),
            )
          }
        >
          <FormField
            name="password"
            label={t('reset.password')}
            hint={t('reset.hint')}
            type="password"
            autoComplete="new-password"
            required
          />
          {failure && <Banner tone="error">{failure}</Banner>}
          <button type="submit" className={button.primary} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('reset.submitting') : t('reset.submit')}
          </button>
        </Form>
      )}
    </main>
  );
}
