// The booking dialog the fleet opens for one boat ("book") or for all ("book all"). Static
// backdrop: Escape and backdrop clicks do nothing, only the close button leaves (docs/product.md §2). The
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

/** Whether the browser's current history entry is the one an open dialog pushed. React Router
 * keeps the state given to `navigate` under `usr` in `history.state`. */
const onDialogEntry = () =>
  (window.history.state as { usr?: { bookingDialog?: boolean } } | null)?.usr?.bookingDialog === true;

export function BookingDialog({ open, onClose, boatId }: BookingDialogProps) {
  const { t } = useTranslation('booking');
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}${location.hash}`;
  // Whether this opening has pushed its history entry. The browser's Back is noticed from the
  // `popstate` event itself, not from the router's next render: the router renders a new entry
  // in a transition, and a Back that comes before that render must still close the dialog.
  const pushedRef = useRef(false);

  useEffect(() => {
    if (!open) {
      pushedRef.current = false;
      return;
    }
    if (!pushedRef.current) {
      pushedRef.current = true;
      void navigate(here, { state: { bookingDialog: true } });
    }
    const closeOnBack = () => {
      if (!pushedRef.current || onDialogEntry()) return;
      pushedRef.current = false;
      onClose();
    };
    window.addEventListener('popstate', closeOnBack);
    return () => window.removeEventListener('popstate', closeOnBack);
  }, [open, here, navigate, onClose]);

  // Closing steps back over the dialog's entry; the listener above then closes it.
  const close = () => {
    if (pushedRef.current && onDialogEntry()) void navigate(-1);
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
