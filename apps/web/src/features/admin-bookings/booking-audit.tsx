// A booking's rows of the audit trail in its details (docs/security.md#audit-trail):
// who changed what about it in the back office, newest first (an owner: only their own booking's).
import { useTranslation } from 'react-i18next';
import { AuditEntries, useAuditEntries } from '../../shared/admin/audit-entries';
import styles from './admin-bookings.module.css';

export function BookingAudit({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('admin');
  const entries = useAuditEntries({ bookingId });
  return (
    <section>
      <h3 className={styles.subheading}>{t('audit.bookingTitle')}</h3>
      {entries.isSuccess && (
        <AuditEntries entries={entries.data.pages.flatMap((p) => p.items)} label={t('audit.bookingTitle')} />
      )}
    </section>
  );
}
