// The listing steps that take a boat off the public site ask first (pausing, suspending,
// archiving), naming its paid bookings still ahead, which stay to be served or canceled.
import { useTranslation } from 'react-i18next';
import type { ListingAction } from '@boats/domain/listing-state';
import type { AdminBoat } from '@boats/domain/schemas/boat';

const ASKS: readonly ListingAction[] = ['pause', 'suspend', 'archive'];

export function useConfirmListingStep() {
  const { t } = useTranslation('admin');
  return (boat: Pick<AdminBoat, 'upcomingBookings'>, title: string, action: ListingAction): boolean => {
    if (!ASKS.includes(action)) return true;
    const question = boat.upcomingBookings
      ? t(`listing.confirmUpcoming.${action}`, { title, count: boat.upcomingBookings })
      : t(`listing.confirm.${action}`, { title });
    return window.confirm(question);
  };
}
