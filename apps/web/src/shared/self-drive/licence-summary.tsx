// A recorded skipper's licence as its reader sees it: the skipper, the licence, where it stands
// (recorded, checked by crew, or the departure refused with crew's reason) and its photo.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { SkipperLicence } from '@boats/domain/schemas/self-drive';
import { currentLanguage } from '../i18n/i18n';
import styles from './self-drive.module.css';

/** A country's name in the reader's language (its two-letter code when the browser has none). */
function countryLabel(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function LicenceSummary({
  licence,
  renderPhoto,
}: {
  licence: SkipperLicence;
  renderPhoto?: (photo: string) => ReactNode;
}) {
  const { t } = useTranslation(['self-drive', 'common']);
  const locale = currentLanguage();
  return (
    <div className={styles.summary} data-testid="licence-summary">
      {licence.licenceType && (
        <dl className={styles.facts}>
          <dt>{t('summary.skipper')}</dt>
          <dd>{licence.skipperName}</dd>
          <dt>{t('summary.licence')}</dt>
          <dd>
            {licence.licenceType === 'foreign'
              ? t('form.foreign')
              : t(`licences.${licence.licenceType}`, { ns: 'common' })}
            {' · '}
            {licence.licenceNumber} · {countryLabel(licence.issuingCountry, locale)}
          </dd>
        </dl>
      )}
      <p className={styles.status} data-testid="licence-status">
        {licence.status === 'recorded'
          ? t(licence.recordedBy === 'crew' ? 'status.recordedByCrew' : 'status.recorded')
          : licence.status === 'confirmed'
            ? t('status.confirmed', { time: canaryTimeLabel(licence.checkedAt ?? licence.recordedAt) })
            : t('status.refused', { reason: licence.refusalReason ?? '' })}
      </p>
      {licence.photo && renderPhoto && <div className={styles.photo}>{renderPhoto(licence.photo)}</div>}
    </div>
  );
}
