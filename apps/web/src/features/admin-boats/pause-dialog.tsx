// Pausing a boat with paid trips ahead asks what becomes of them (docs/back-office.md#safe-admin-actions):
// served as booked, or canceled and refunded in full; the pause and that choice are one call.
import { useTranslation } from 'react-i18next';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { UpcomingBookingsDialog } from '../../shared/admin/upcoming-bookings-dialog';
import type { useListingStep } from './api/listing-step';

export function PauseDialog({
  boat,
  title,
  step,
  onClose,
}: {
  boat: Pick<AdminBoat, '_id'>;
  title: string;
  step: ReturnType<typeof useListingStep>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <UpcomingBookingsDialog
      title={t('listing.pauseTitle', { title })}
      intro={t('listing.pauseIntro')}
      upcomingUrl={`/api/admin/boats/${encodeURIComponent(boat._id)}/upcoming-bookings`}
      confirmLabel={t('listing.pauseConfirm')}
      busy={step.isPending}
      error={step.error}
      onConfirm={(upcoming) =>
        step.mutate({ id: boat._id, action: 'pause', upcoming }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
