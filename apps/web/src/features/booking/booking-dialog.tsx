// The booking dialog the fleet opens for one boat ("book") or for all ("book all"). Static
// backdrop: Escape and backdrop clicks do nothing, only the close button leaves (docs/product.md §2).
// Its state is in the address (`/?book=…`, dialog-address.ts), so the browser's Back steps
// through it and a reload reopens it where it was. The flow itself is split out so the landing
// page does not download it until someone books.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { paidBookingOf } from '../../shared/checkout';
import { Modal } from '../../shared/ui/modal';
import { PageLoading } from '../../shared/ui/page-loading';
import { BackToConfirmation } from './back-to-confirmation';

const BookingFlow = lazy(() => import('./booking-flow'));

export type BookingDialogProps = { open: boolean; onClose: () => void; boatId: string | null };

export function BookingDialog({ open, onClose, boatId }: BookingDialogProps) {
  const { t } = useTranslation('booking');
  const location = useLocation();
  // Back from a confirmation to the choice it was paid from: the confirmation again.
  const paidBooking = open ? paidBookingOf(location.pathname + location.search) : null;
  if (paidBooking) return <BackToConfirmation {...paidBooking} />;

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={false}
      size="large"
      closeLabel={t('dialog.close')}
      title={boatId ? t('dialog.titleOne') : t('dialog.titleAll')}
    >
      {open && (
        <Suspense fallback={<PageLoading />}>
          <BookingFlow boatId={boatId} inDialog />
        </Suspense>
      )}
    </Modal>
  );
}
