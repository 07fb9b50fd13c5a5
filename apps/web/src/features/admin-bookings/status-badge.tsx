// A booking's status as a badge: waiting ones warm, settled ones green, stopped ones red.
import type { BookingStatus } from '@boats/domain/booking-status';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shared/ui/badge';

const TONE: Record<BookingStatus, BadgeTone> = {
  pending: 'warning',
  paid: 'info',
  confirmed: 'success',
  completed: 'done',
  canceled: 'danger',
  refunded: 'accent',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('admin-bookings');
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
