// The account's signed-in devices (docs/security.md#sessions): browser, approximate place (the
// country of the address, named in the reader's language), last seen; sign one out, or all
// others.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { SessionDevice } from '@boats/domain/schemas/auth';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { PageLoading } from '../../shared/ui/page-loading';
import { useSessions, useSignOutDevice, useSignOutOthers } from './api/sessions';
import styles from './account-security.module.css';

export function SignedInDevices() {
  const { t } = useTranslation('auth');
  const errorText = useAdminErrorText();
  const sessions = useSessions();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOthers();
  const failure = signOut.error ?? signOutOthers.error;
  return (
    <section className={styles.card} aria-labelledby="devices-title">
      <h2 id="devices-title" className={styles.title}>
        {t('security.devices.title')}
      </h2>
      {sessions.isPending ? (
        <PageLoading />
      ) : sessions.isError ? (
        <Banner tone="error">{errorText(sessions.error)}</Banner>
      ) : (
        <>
          <ul className={styles.devices}>
            {sessions.data.map((session) => (
              <li key={session.id} className={styles.device}>
                <DeviceText session={session} />
                {session.current ? (
                  <span className={styles.current}>{t('security.devices.current')}</span>
                ) : (
                  <Button
                    variant="outline"
                    size="small"
                    tone="danger"
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate(session.id)}
                  >
                    {t('security.devices.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {sessions.data.length > 1 && (
            <Button
              variant="outline"
              tone="danger"
              disabled={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate()}
            >
              {t('security.devices.signOutOthers')}
            </Button>
          )}
          {signOutOthers.data && (
            <Banner tone="success">
              {t('security.devices.signedOut', { count: signOutOthers.data.signedOut })}
            </Banner>
          )}
        </>
      )}
      {failure && <Banner tone="error">{errorText(failure)}</Banner>}
    </section>
  );
}

function DeviceText({ session }: { session: SessionDevice }) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const place = session.country
    ? (new Intl.DisplayNames([language], { type: 'region' }).of(session.country) ?? session.country)
    : t(session.local ? 'security.devices.localNetwork' : 'security.devices.unknownPlace');
  const client = session.browser
    ? session.os
      ? t('security.devices.browserOn', { browser: session.browser, os: session.os })
      : session.browser
    : session.program
      ? t('security.devices.program', { program: session.program })
      : t('security.devices.unknownBrowser');
  return (
    <div className={styles.text}>
      <strong>{client}</strong>
      <div>{place}</div>
      <div>{t('security.devices.lastSeen', { at: formatCanaryDateTime(session.lastSeenAt, language) })}</div>
    </div>
  );
}
