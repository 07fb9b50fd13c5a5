// Sign-out with its own "signing out" state (spec §4 "a logging-out state exists").
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import styles from './admin-layout.module.css';

export function SignOutButton({ onSignedOut }: { onSignedOut?: () => void }) {
  const { t } = useTranslation('admin');
  const { user, signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  return (
    <div className={styles.account}>
      <span className={styles.email}>{user.email}</span>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut().finally(() => {
            setBusy(false);
            onSignedOut?.();
          });
        }}
      >
        {busy ? t('layout.signingOut') : t('layout.signOut')}
      </button>
    </div>
  );
}
