// The listing steps that take a boat off the public site ask first (pausing, suspending,
// archiving), naming its paid bookings still ahead, which stay to be served or canceled. Sending
// a boat back to its owner asks for a note, which their e-mail quotes (it may stay empty).
import { useTranslation } from 'react-i18next';
import type { ListingAction } from '@boats/domain/listing-state';
import type { AdminBoat } from '@boats/domain/schemas/boat';

const ASKS: readonly ListingAction[] = ['pause', 'suspend', 'archive'];

/** False when the viewer thought better of it; otherwise what the step carries (the note). */
export type ConfirmedStep = false | { note?: string };

export function useConfirmListingStep() {
  const { t } = useTranslation('admin');
  return (boat: Pick<AdminBoat, 'upcomingBookings'>, title: string, action: ListingAction): ConfirmedStep => {
    if (action === 'send_back') {
      const note = window.prompt(t('listing.sendBackNote', { title }));
      if (note === null) return false;
      return note.trim() ? { note: note.trim() } : {};
    }
    if (!ASKS.includes(action)) return {};
    const question = boat.upcomingBookings
      ? t(`listing.confirmUpcoming.${action}`, { title, count: boat.upcomingBookings })
      : t(`listing.confirm.${action}`, { title });
    return window.confirm(question) ? {} : false;
  };
}
