// The booking dialog the fleet opens for one boat ("book") or for all ("book all"). Static
// backdrop: Escape and backdrop clicks do nothing, only the close button leaves (spec §2). The
// flow itself is split out so the landing page does not download it until someone books.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/ui/modal';
import { PageLoading } from '../../shared/ui/page-loading';

const BookingFlow = lazy(() => import('./booking-flow'));

export type BookingDialogProps = { open: boolean; onClose: () => void; boatId: string | null };

export function BookingDialog({ open, onClose, boatId }: BookingDialogProps) {
  const { t } = useTranslation('booking');
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
          <BookingFlow boatId={boatId} onExit={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
