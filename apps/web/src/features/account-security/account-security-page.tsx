// /admin/security: the signed-in account's second factors, the authenticator app and passkeys
// (docs/security.md#second-factor-and-step-up), its signed-in devices, its password and sign-in address (docs/security.md#sessions).
// Every back-office account has it; admins' and owners' accounts must have a second factor
// (the sign-in took them to enrol), crew and agents may add one. Kept apart from the owner's settings.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { TotpEnrolment } from '../../shared/auth/second-factor';
import { secondFactorStatus } from '../../shared/auth/second-factor-api';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import styles from './account-security.module.css';
import { ChangeEmailForm, ChangePasswordForm } from './own-sign-in-forms';
import { PasskeysCard } from './passkeys-card';
import { SignedInDevices } from './signed-in-devices';

export default function AccountSecurityPage() {
  const { t } = useTranslation('auth');
  return (
    <AdminLayout title={t('security.title')} access="account">
      <div className={styles.page}>
        <SecurityScreen />
        <PasskeysCard />
        <SignedInDevices />
        <ChangePasswordForm />
        <ChangeEmailForm />
      </div>
    </AdminLayout>
  );
}

const STATUS_KEY = ['second-factor-status'] as const;

function SecurityScreen() {
  const { t } = useTranslation('auth');
  const errorText = useAdminErrorText();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: secondFactorStatus });
  if (status.isPending) return <PageLoading />;
  if (status.isError) return <Banner tone="error">{errorText(status.error)}</Banner>;
  return (
    <section className={styles.card} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className={styles.title}>
        {t('security.appTitle')}
      </h2>
      {status.data.totp ? (
        <>
          <Banner tone="success">{t('security.on')}</Banner>
          <p className={styles.text}>{t('security.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
        </>
      ) : (
        <>
          <p className={styles.text}>
            {status.data.required && !status.data.enabled
              ? t('security.offRequired')
              : t('security.offOptional')}
          </p>
          <TotpEnrolment onDone={() => void queryClient.invalidateQueries({ queryKey: STATUS_KEY })} />
        </>
      )}
    </section>
  );
}
