// A canceled trip in the day's slot list: final, so it has no form and no "Open" box. It says
// who canceled it, when and why, and leads to its manifest (who was refunded or moved); a new
// trip may take its time.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canaryTimeLabel, formatCanaryDateTime } from '@boats/domain/canary-time';
import type { AdminSlot } from '@boats/domain/schemas/admin-slot';
import { tripCancelReasonCode } from '@boats/domain/schemas/trip-cancellation';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import styles from './availability-panel.module.css';
import { paths } from '../../shared/paths';

export function CanceledSlotRow({
  slot,
}: {
  slot: AdminSlot & { canceled: NonNullable<AdminSlot['canceled']> };
}) {
  const { t } = useTranslation(['admin', 'trips']);
  const label = `${canaryTimeLabel(slot.start)}–${canaryTimeLabel(slot.end)}`;
  const cause = slot.canceled.cause ?? 'weather';
  // The trip keeps the operator's internal note or, without one, the standard reason's code,
  // which is shown in the reader's language.
  const reasonCode = tripCancelReasonCode(slot.canceled.reason);
  const reason = reasonCode ? t(`trips:cancel.reasons.${reasonCode}`) : slot.canceled.reason;
  return (
    <li className={styles.row} aria-label={t('slots.rowLabel', { time: label })}>
      <p className={styles.canceledHead}>
        <strong>{label}</strong> · {t(slot.type === 'shared' ? 'slots.shared' : 'slots.private')}{' '}
        <Badge tone="danger">{t('slots.canceled')}</Badge>
      </p>
      <p className={styles.soldNote}>
        {t(`slots.canceledBy.${cause}`, { when: formatCanaryDateTime(slot.canceled.at, currentLanguage()) })}
        {cause === 'weather' && reason ? ` — ${reason}` : ''}
      </p>
      <p className={styles.soldNote}>{t('slots.canceledFinal')}</p>
      <Link to={paths.admin.trip.getHref(slot._id)}>{t('slots.canceledManifest')}</Link>
    </li>
  );
}
