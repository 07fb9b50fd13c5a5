// The landing page's booking dialog lives in the address: `/?book={boatId}` (or `book=all`) with
// the flow's own parameters beside it (use-flow-params.ts), so a reload reopens it at the same
// step and Back steps through it as on /booking. Opening pushes an entry; closing steps back over
// every entry the dialog stands on (`dialogDepth` in the history state), or, on an address opened
// from a link or a new tab, replaces it with the plain landing page.
import { useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

// The dialog's parameter and the flow's history state live here, not in use-flow-params.ts: the
// landing page needs them, and the flow's own code (used only once the dialog or /booking opens)
// then stays out of the landing page's scripts.

/** The landing page's parameter that opens the booking dialog: a boat id, or `all`. */
export const DIALOG_PARAM = 'book';
const DIALOG_ALL_BOATS = 'all';

/** The history state the flow keeps: `flowStep` on an entry a step pushed; `dialogDepth`, how
 * many entries the open booking dialog stands on (its closing steps back over all of them). */
export type FlowHistoryState = { flowStep?: boolean; dialogDepth?: number } | null;

const noSubscription = () => () => undefined;

export type BookingDialogAddress = {
  open: boolean;
  /** The boat the dialog was opened for; null for "Book any boat". */
  boatId: string | null;
  openFor: (boatId: string | null) => void;
  close: () => void;
};

export function useBookingDialogAddress(): BookingDialogAddress {
  const location = useLocation();
  const navigate = useNavigate();
  // The prerendered landing page has no dialog: hydration starts without it, then reads the address.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const address = new URLSearchParams(location.search);
  const book = hydrated ? address.get(DIALOG_PARAM) : null;
  const lng = address.get('lng');

  const openFor = (boatId: string | null) => {
    const next = new URLSearchParams({ [DIALOG_PARAM]: boatId ?? DIALOG_ALL_BOATS });
    if (lng) next.set('lng', lng);
    void navigate({ search: `?${next.toString()}` }, { state: { dialogDepth: 1 } });
  };
  const close = () => {
    const depth = (location.state as FlowHistoryState)?.dialogDepth ?? 0;
    if (depth > 0) void navigate(-depth);
    else void navigate({ search: lng ? `?lng=${encodeURIComponent(lng)}` : '' }, { replace: true });
  };
  return { open: Boolean(book), boatId: book && book !== DIALOG_ALL_BOATS ? book : null, openFor, close };
}
