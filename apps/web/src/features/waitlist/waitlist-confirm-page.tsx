// /waitlist/confirm?entry={id}&token={t}: the link of the "confirm your place" e-mail. Opening it
// proves the address, so the entry may be offered seats (docs/public-site.md#waitlist); the page
// says the place in line and the trip, in Canary time.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localized } from '@boats/domain/boat-card';
import { LinkPage } from '../../shared/layout';
import { ApiError } from '../../shared/api/http';
import { useCanaryTimeText } from '../../shared/i18n/canary-time-text';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useConfirmWaitlistEntry } from './api/confirm-entry';
import styles from './waitlist.module.css';
import { paths } from '../../shared/paths';

export default function WaitlistConfirmPage() {
  const { t } = useTranslation('waitlist');
  return (
    <LinkPage
      className={styles.page}
      title={t('confirm.title')}
      params={['entry', 'token']}
      invalid={t('errors.invalid_waitlist_token')}
    >
      {({ entry, token }) => <Confirmation entry={entry} token={token} />}
    </LinkPage>
  );
}

function Confirmation({ entry, token }: { entry: string; token: string }) {
  const { t } = useTranslation('waitlist');
  const lng = useLanguage();
  const canaryTime = useCanaryTimeText(lng);
  const confirmed = useConfirmWaitlistEntry(entry, token);
  if (confirmed.isPending) return <p role="status">{t('confirm.loading')}</p>;
  if (confirmed.isError) {
    const code = confirmed.error instanceof ApiError ? confirmed.error.code : null;
    return (
      <Banner tone="error">
        {t(code === 'invalid_waitlist_token' ? 'errors.invalid_waitlist_token' : 'errors.generic')}
      </Banner>
    );
  }
  const { position, boatTitle, seats, start } = confirmed.data;
  return (
    <>
      <Banner tone="success">{t('confirm.done', { position })}</Banner>
      <p>
        {t('confirm.trip', {
          count: seats,
          boat: localized(boatTitle, boatTitle.en, lng),
          when: canaryTime.at(start),
        })}
      </p>
      <p>
        <Link className={button.outline} to={paths.booking.getHref()}>
          {t('offer.allTrips')}
        </Link>
      </p>
    </>
  );
}
