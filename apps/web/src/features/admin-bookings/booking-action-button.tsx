// Confirm, cancel or refund, as the table row and the details dialog show them.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import type { BookingAction } from './bookings-api';

/**
 * An action on a booking, coloured by what it does: confirm green, cancel and refund red. While
 * it runs (a refund waits for the card provider) it says so, and the row's buttons wait.
 */
export function BookingActionButton({
  action,
  disabled,
  pending = false,
  onClick,
}: {
  action: BookingAction;
  disabled: boolean;
  pending?: boolean;
  onClick: (event: MouseEvent) => void;
}) {
  const { t } = useTranslation('admin-bookings');
  return (
    <Button
      variant="outline"
      size="small"
      tone={action === 'confirm' ? 'success' : 'danger'}
      disabled={disabled}
      onClick={onClick}
    >
      {pending ? t(`action.pending.${action}`) : t(`action.${action}`)}
    </Button>
  );
}
