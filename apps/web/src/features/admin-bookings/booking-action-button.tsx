// Confirm, cancel or refund, as the table row and the details dialog show them.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import type { BookingAction } from './bookings-api';

/** An action on a booking, coloured by what it does: confirm green, cancel and refund red. */
export function BookingActionButton({
  action,
  disabled,
  onClick,
}: {
  action: BookingAction;
  disabled: boolean;
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
      {t(`action.${action}`)}
    </Button>
  );
}
