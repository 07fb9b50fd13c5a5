// The owner's e-mail notifications on the earnings page (docs/back-office.md#owners-notifications):
// one switch per kind of change to their bookings (all on by default), and one e-mail a day
// instead of one per change. The platform's own boats get none: nothing to choose.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_NOTIFICATION_KINDS } from '@boats/domain/owner-notifications';
import type { OwnerNotificationSettings } from '@boats/domain/schemas/owner-notifications';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { useOwnerNotifications, useSaveOwnerNotifications } from './api/owner-notifications';
import styles from './owner-earnings.module.css';

export function NotificationSettingsSection({ ownerId }: { ownerId: string | null }) {
  const { t } = useTranslation('owner-earnings');
  const errorText = useAdminErrorText();
  const settings = useOwnerNotifications(ownerId);
  return (
    <section aria-labelledby="notification-settings" className={styles.account}>
      <h2 id="notification-settings" className={styles.heading}>
        {t('notifications.title')}
      </h2>
      {settings.isPending ? (
        <PageLoading />
      ) : settings.isError ? (
        <Banner tone="error">{errorText(settings.error)}</Banner>
      ) : settings.data.isPlatform ? (
        <p>{t('notifications.platform')}</p>
      ) : (
        <SettingsForm
          key={JSON.stringify(settings.data.settings)}
          ownerId={ownerId}
          settings={settings.data.settings}
        />
      )}
    </section>
  );
}

function SettingsForm({
  ownerId,
  settings,
}: {
  ownerId: string | null;
  settings: OwnerNotificationSettings;
}) {
  const { t } = useTranslation('owner-earnings');
  const errorText = useAdminErrorText();
  const save = useSaveOwnerNotifications(ownerId);
  const [kinds, setKinds] = useState(settings.kinds);
  const [digest, setDigest] = useState(settings.digest);
  return (
    <form
      className={styles.settings}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ kinds, digest });
      }}
    >
      <fieldset className={styles.regimes}>
        <legend>{t('notifications.intro')}</legend>
        {OWNER_NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className={styles.check}>
            <input
              type="checkbox"
              checked={kinds[kind]}
              onChange={(e) => setKinds({ ...kinds, [kind]: e.target.checked })}
            />
            {t(`notifications.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.regimes}>
        <legend>{t('notifications.how')}</legend>
        <label className={styles.check}>
          <input type="radio" name="digest" checked={!digest} onChange={() => setDigest(false)} />
          {t('notifications.single')}
        </label>
        <label className={styles.check}>
          <input type="radio" name="digest" checked={digest} onChange={() => setDigest(true)} />
          {t('notifications.digest')}
        </label>
      </fieldset>
      <button type="submit" className={button.outline} disabled={save.isPending} aria-busy={save.isPending}>
        {t('notifications.save')}
      </button>
      {save.isSuccess && <p role="status">{t('notifications.saved')}</p>}
      {save.isError && <Banner tone="error">{errorText(save.error)}</Banner>}
    </form>
  );
}
