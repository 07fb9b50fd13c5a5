// A self-drive booking's boat condition on manage my booking (decision 39): what crew recorded at
// departure and at return, with the photos and the customer's own signature, the return beside
// the departure; nothing before the departure is signed.
import { useTranslation } from 'react-i18next';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { ConditionReport } from '@boats/domain/schemas/condition';
import { ConditionComparison, SignatureImage } from '../../shared/self-drive/condition-comparison';
import { licencePhotoUrl, useBookingCondition } from './api/get-booking-licence';
import styles from './manage-booking.module.css';

export function ConditionPanel({ bookingId, token }: { bookingId: string; token: string }) {
  const { t } = useTranslation('self-drive');
  const condition = useBookingCondition(bookingId, token, true);
  const departure = condition.data?.departure;
  if (!condition.data || !departure) return null;
  const back = condition.data.return;
  const record = (phase: 'departure' | 'return', report: ConditionReport) => (
    <div key={phase} data-testid={`condition-${phase}`}>
      <p className={styles.muted}>
        <strong>{t(`condition.${phase}`)}</strong> ·{' '}
        {t('condition.signedAt', { name: report.signedBy, time: canaryTimeLabel(report.recordedAt) })}
      </p>
      <SignatureImage path={report.signature} label={t('condition.signatureOf', { name: report.signedBy })} />
      <div className={styles.conditionPhotos}>
        {report.photos.map((photo) => (
          <img
            key={photo}
            src={licencePhotoUrl(bookingId, token, photo)}
            alt={t('condition.photoAlt')}
            width={480}
          />
        ))}
      </div>
    </div>
  );
  return (
    <section className={styles.cancel} aria-labelledby="condition-title">
      <h2 id="condition-title" className={styles.sectionTitle}>
        {t(back ? 'condition.returnTitle' : 'condition.departureTitle')}
      </h2>
      <ConditionComparison
        checklist={condition.data.checklist}
        departure={departure.values}
        back={back?.values ?? null}
      />
      {record('departure', departure)}
      {back && record('return', back)}
    </section>
  );
}
