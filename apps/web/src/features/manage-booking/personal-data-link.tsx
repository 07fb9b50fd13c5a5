// The right of access (GDPR art. 15) from manage my booking: a manage link proves this booking,
// not the address, so "Download my data" e-mails a link to the booking's address
// (docs/privacy.md#proof-of-address); the page it opens lists everything held under it.
import { useTranslation } from 'react-i18next';
import { AskForLink } from '../../shared/data-rights/ask-for-link';
import styles from './manage-booking.module.css';

export function PersonalDataLink({ email }: { email: string }) {
  const { t } = useTranslation('manage');
  return (
    <div className={styles.personalData}>
      <p>{t('personalData.note')}</p>
      <AskForLink email={email} only="export" />
    </div>
  );
}
