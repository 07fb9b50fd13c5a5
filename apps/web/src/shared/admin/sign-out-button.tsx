// Sign-out with its own "signing out" state (docs/product.md §4 "a logging-out state exists").
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import { Button } from '../ui/button';
import styles from './admin-layout.module.css';

export function SignOutButton({ onSignedOut }: { onSignedOut?: () => void }) {
  const { t } = useTranslation('admin');
  const { user, signingOut, signOut } = useAuth();
  if (!user) return null;
  return (
    <div className={styles.account}>
      <span className={styles.email}>{user.email}</span>
      <Button
        variant="light"
        size="compact"
        disabled={signingOut}
        onClick={() => void signOut().finally(() => onSignedOut?.())}
      >
        {signingOut ? t('layout.signingOut') : t('layout.signOut')}
      </Button>
    </div>
  );
}
