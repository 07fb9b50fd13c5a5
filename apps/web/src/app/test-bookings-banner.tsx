// PAYMENTS=sandbox: the operator runs the site with the sandbox card provider on purpose, so
// every page says at the top that bookings are tests (issue 23.5). Nothing shows until the
// server said so, and nothing with a real card provider.
import { useTranslation } from 'react-i18next';
import { usePaymentsConfig } from '../shared/api/get-payments-config';
import { Banner } from '../shared/ui/banner';
import styles from './test-bookings-banner.module.css';

export function TestBookingsBanner() {
  const { t } = useTranslation();
  const config = usePaymentsConfig();
  if (config.data?.provider !== 'sandbox' || !config.data.testBookings) return null;
  return (
    <div className={styles.strip}>
      <Banner tone="error" title={t('testBookings.title')}>
        {t('testBookings.banner')}
      </Banner>
    </div>
  );
}
