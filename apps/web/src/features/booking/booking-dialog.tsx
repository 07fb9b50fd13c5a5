// The booking dialog the fleet opens for one boat ("book") or for all ("book all"). Static
// backdrop: Escape and backdrop clicks do nothing, only the close button leaves (spec §2). The
// open dialog is an entry in the browser's history, so the browser's Back closes it instead of
// leaving the page. The flow itself is split out so the landing page does not download it until
// someone books.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Modal } from '../../shared/ui/modal';
import { PageLoading } from '../../shared/ui/page-loading';

const BookingFlow = lazy(() => import('./booking-flow'));

export type BookingDialogProps = { open: boolean; onClose: () => void; boatId: string | null };

export function BookingDialog({ open, onClose, boatId }: BookingDialogProps) {
  const { t } = useTranslation('booking');
  const location = useLocation();
  const navigate = useNavigate();
  const inHistory = (location.state as { bookingDialog?: boolean } | null)?.bookingDialog === true;
  const here = `${location.pathname}${location.search}${location.hash}`;
  // Whether this dialog's history entry has been asked for, and whether it has been seen (its
  // disappearance then means Back). The router shows a new entry a render or more after the
  // push (a transition), and the page may render in between: without `pushedRef` such a render
  // would push a second entry, and Back would then not close the dialog.
  const pushedRef = useRef(false);
  const enteredRef = useRef(false);

  useEffect(() => {
    if (!open) {
      pushedRef.current = false;
      enteredRef.current = false;
      return;
    }
    if (inHistory) {
      enteredRef.current = true;
    } else if (enteredRef.current) {
      pushedRef.current = false;
      enteredRef.current = false;
      onClose(); // the browser's Back took the dialog's entry away
    } else if (!pushedRef.current) {
      pushedRef.current = true;
      void navigate(here, { state: { bookingDialog: true } });
    }
  }, [open, inHistory, here, navigate, onClose]);

  // Closing steps back over the dialog's entry; the effect above then closes it.
  const close = () => {
    if (inHistory) void navigate(-1);
    else onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={false}
      size="large"
      closeLabel={t('dialog.close')}
      title={boatId ? t('dialog.titleOne') : t('dialog.titleAll')}
    >
      {open && (
        <Suspense fallback={<PageLoading />}>
          <BookingFlow boatId={boatId} onExit={close} />
        </Suspense>
      )}
    </Modal>
  );
}
