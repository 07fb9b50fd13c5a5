// The accounts, one card each: e-mail, role, whether it can sign in, and the switch.
import { useTranslation } from 'react-i18next';
import type { StaffAccount } from '@boats/domain/schemas/staff';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { useAuth } from '../../shared/auth/auth-context';
import { Badge } from '../../shared/ui/badge';
import { Banner } from '../../shared/ui/banner';
import { EmailText } from '../../shared/ui/email-text';
import button from '../../shared/ui/button.module.css';
import { useSetStaffDisabled } from './api/set-staff-disabled';
import card from '../../shared/ui/card.module.css';
import styles from './admin-staff.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export function StaffList({ accounts }: { accounts: StaffAccount[] }) {
  const { t } = useTranslation('admin-staff');
  const errorText = useAdminErrorText();
  const { user } = useAuth();
  const toggle = useSetStaffDisabled();

  return (
    <section aria-labelledby="staff-list-title">
      <h2 id="staff-list-title" className={listAndForm.cardTitle}>
        {t('list.title')}
      </h2>
      {toggle.isError && <Banner tone="error">{errorText(toggle.error)}</Banner>}
      <ul className={styles.list}>
        {accounts.map((account) => (
          <li key={account._id} className={`${card.panel} ${styles.account}`} aria-label={account.email}>
            <span className={styles.email}>
              <EmailText email={account.email} />
            </span>
            <Badge tone="info">{t(`roles.${account.role}`)}</Badge>
            <Badge tone={account.disabled ? 'danger' : 'success'}>
              {account.disabled ? t('list.disabled') : t('list.active')}
            </Badge>
            {account.email !== user?.email && (
              <button
                type="button"
                className={account.disabled ? button.secondary : button.outline}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ id: account._id, disabled: !account.disabled })}
              >
                {account.disabled ? t('list.enable') : t('list.disable')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
