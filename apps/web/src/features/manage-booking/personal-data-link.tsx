// The right of access (GDPR art. 15): the customer downloads, as a file, everything the site holds
// about the e-mail address of the booking this link opened (GET /api/bookings/{id}/personal-data).
import { useTranslation } from 'react-i18next';
import styles from './manage-booking.module.css';

function personalDataUrl(bookingId: string, token: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/personal-data?token=${encodeURIComponent(token)}`;
}

export function PersonalDataLink({ bookingId, token }: { bookingId: string; token: string }) {
  const { t } = useTranslation('manage');
  return (
    <p className={styles.personalData}>
      <a href={personalDataUrl(bookingId, token)} download>
        {t('personalData.download')}
      </a>{' '}
      {t('personalData.note')}
    </p>
  );
}
