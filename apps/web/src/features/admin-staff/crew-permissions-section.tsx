// What the owner lets their crew do, beside the crew accounts: sell a walk-in that leaves a trip
// below its minimum to depart once the cutoff has passed (docs/back-office.md#walk-ins-below-the-minimum).
// The admin's switch is the platform's own crew's. Saved as soon as it is changed.
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import { PageLoading } from '../../shared/ui/page-loading';
import card from '../../shared/ui/card.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';
import { useCrewPermissions, useSaveCrewPermissions } from './api/crew-permissions';
import styles from './admin-staff.module.css';

export function CrewPermissionsSection() {
  const { t } = useTranslation('admin-staff');
  const errorText = useAdminErrorText();
  const permissions = useCrewPermissions();
  const save = useSaveCrewPermissions();
  return (
    <section className={`${card.panel} ${listAndForm.card}`} aria-labelledby="crew-permissions-title">
      <h2 id="crew-permissions-title" className={listAndForm.cardTitle}>
        {t('permissions.title')}
      </h2>
      {permissions.isPending ? (
        <PageLoading />
      ) : permissions.isError ? (
        <Banner tone="error">{errorText(permissions.error)}</Banner>
      ) : (
        <>
          <label className={styles.permission}>
            <input
              type="checkbox"
              checked={permissions.data.permissions.sellBelowMinimum}
              disabled={save.isPending}
              aria-describedby="crew-below-minimum-hint"
              onChange={(e) => save.mutate({ sellBelowMinimum: e.target.checked })}
            />
            {t('permissions.sellBelowMinimum')}
          </label>
          <p id="crew-below-minimum-hint" className={styles.hint}>
            {permissions.data.isPlatform
              ? t('permissions.sellBelowMinimumHintPlatform')
              : t('permissions.sellBelowMinimumHint')}
          </p>
          {save.isSuccess && <p role="status">{t('permissions.saved')}</p>}
          {save.isError && <Banner tone="error">{errorText(save.error)}</Banner>}
        </>
      )}
    </section>
  );
}
