// Renders its children only for a signed-in admin. While the session is being restored it
// waits; a visitor or a non-admin sees an explanation and the sign-in dialog.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/auth-context';
import { SignInDialog } from '../../features/auth/sign-in-dialog';
import styles from './admin-layout.module.css';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { restoring, user, isAdmin } = useAuth();
  const [dialogOpen, setDialogOpen] = useState(true);

  if (restoring) {
    return (
      <p role="status" className={styles.note}>
        {t('layout.checking')}
      </p>
    );
  }
  if (isAdmin) return <>{children}</>;
  return (
    <section className={styles.closed} aria-labelledby="admin-closed-title">
      <h1 id="admin-closed-title" className={styles.title}>
        {t('layout.closedTitle')}
      </h1>
      <p>{user ? t('layout.notAdmin') : t('layout.signInNeeded')}</p>
      <button type="button" className={styles.primary} onClick={() => setDialogOpen(true)}>
        {t('layout.signIn')}
      </button>
      <SignInDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </section>
  );
}
