// Renders its children only for the roles the page is for: 'admin' the platform admin only,
// 'office' (the default) the admin and boat owners (the server scopes an owner's calls to their
// boats), 'staff' admin, owners and crew, 'agent' the agents alone (their desk: an agent signed
// in anywhere else in the back office is taken there), 'account' every back-office account, agents
// included (the account's own Security page). While the session is being restored it
// waits; anyone else sees an explanation and the sign-in dialog.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { SignInDialog } from '../auth/sign-in-dialog';
import { Button } from '../ui/button';
import styles from './admin-layout.module.css';
import { paths } from '../paths';

type DialogState = 'auto' | 'open' | 'closed';

/** Who a back-office page is for (see the file's comment). */
export type AdminAccess = 'admin' | 'office' | 'staff' | 'agent' | 'account';

export function AdminGuard({ children, access = 'office' }: { children: ReactNode; access?: AdminAccess }) {
  const { t } = useTranslation('admin');
  const { restoring, user, isAdmin } = useAuth();
  const agent = user?.role === 'agent';
  const allowed =
    access === 'account'
      ? Boolean(user)
      : access === 'agent'
        ? agent
        : isAdmin ||
          (access !== 'admin' && user?.role === 'owner') ||
          (access === 'staff' && user?.role === 'crew');
  // 'auto' opens the dialog once the session check finds nobody signed in. It then stays open by
  // itself after the sign-in succeeds, so the success message shows before it closes. Someone
  // signed in whose role the page is not for (crew on an admin page) reads why and where to go
  // instead: a sign-in form over that would look as if they had been signed out.
  const [dialog, setDialog] = useState<DialogState>('auto');
  if (dialog === 'auto' && !restoring && !allowed && !user) setDialog('open');

  const signIn = <SignInDialog open={dialog === 'open'} onClose={() => setDialog('closed')} />;
  if (restoring) {
    return (
      <p role="status" className={styles.note}>
        {t('layout.checking')}
      </p>
    );
  }
  // An agent's back office is its desk, wherever it signed in.
  if (agent && access !== 'agent' && access !== 'account')
    return <Navigate to={paths.admin.agentDesk.getHref()} replace />;
  // The dialog keeps one place in the tree whatever is shown beside it, so signing in does
  // not remount it and lose its success message.
  return (
    <>
      {allowed ? (
        children
      ) : (
        <section className={styles.closed} aria-labelledby="admin-closed-title">
          <h1 id="admin-closed-title" className={styles.title}>
            {t('layout.closedTitle')}
          </h1>
          <p>{user ? t('layout.notAdmin') : t('layout.signInNeeded')}</p>
          {user?.role === 'crew' && (
            <p>
              <Link to={paths.admin.trips.getHref()}>{t('layout.toTrips')}</Link>
            </p>
          )}
          <Button variant="secondary" size="compact" onClick={() => setDialog('open')}>
            {t('layout.signIn')}
          </Button>
        </section>
      )}
      {signIn}
    </>
  );
}
