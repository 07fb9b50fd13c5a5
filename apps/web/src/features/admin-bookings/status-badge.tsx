// A booking's status as a badge: waiting ones warm, settled ones green, stopped ones red.
import type { BookingStatus } from '@boats/domain/booking-status';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge, type BadgeTone } from '../../shared/ui/badge';

const TONE: Record<BookingStatus, BadgeTone> = {
  pending: 'warning',
  // A request-to-book waiting for its owner's answer (its card authorized, not charged).
  requested: 'neutral',
  paid: 'info',
  confirmed: 'success',
  completed: 'done',
  canceled: 'danger',
  refunded: 'accent',
};

/**
 * A canceled booking whose customer may still move to another trip or take a refund says until
 * when, instead of a plain "Canceled" (issue 31.4).
 */
export function StatusBadge({
  status,
  choiceDeadline,
}: {
  status: BookingStatus;
  choiceDeadline?: string | null;
}) {
  const { t } = useTranslation('admin-bookings');
  if (status === 'canceled' && choiceDeadline)
    return (
      <Badge tone="warning">
        {t('status.awaitingChoice', { deadline: formatCanaryDateTime(choiceDeadline, currentLanguage()) })}
      </Badge>
    );
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
