// Renders its children only for a signed-in admin. While the session is being restored it
// waits; a visitor or a non-admin sees an explanation and the sign-in dialog.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import { SignInDialog } from '../auth/sign-in-dialog';
import styles from './admin-layout.module.css';

type DialogState = 'auto' | 'open' | 'closed';

export function AdminGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { restoring, user, isAdmin } = useAuth();
  // 'auto' opens the dialog once the session check finds no admin. It then stays open by
  // itself after the sign-in succeeds, so the success message shows before it closes.
  const [dialog, setDialog] = useState<DialogState>('auto');
  if (dialog === 'auto' && !restoring && !isAdmin) setDialog('open');

  const signIn = <SignInDialog open={dialog === 'open'} onClose={() => setDialog('closed')} />;
  if (restoring) {
    return (
      <p role="status" className={styles.note}>
        {t('layout.checking')}
      </p>
    );
  }
  // The dialog keeps one place in the tree whatever is shown beside it, so signing in does
  // not remount it and lose its success message.
  return (
    <>
      {isAdmin ? (
        children
      ) : (
        <section className={styles.closed} aria-labelledby="admin-closed-title">
          <h1 id="admin-closed-title" className={styles.title}>
            {t('layout.closedTitle')}
          </h1>
          <p>{user ? t('layout.notAdmin') : t('layout.signInNeeded')}</p>
          <button type="button" className={styles.primary} onClick={() => setDialog('open')}>
            {t('layout.signIn')}
          </button>
        </section>
      )}
      {signIn}
    </>
  );
}
