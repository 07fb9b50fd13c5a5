// Where the flow keeps its query parameters (selection, checkout): the address bar, so reload,
// Back and links restore it. On /booking they are the page's own; in the landing page's booking
// dialog they share `/` with `book` (the boat the dialog was opened for, or `all`), which opens
// the dialog, so a reload reopens it where it was. `push` is for steps Back should undo (a boat
// picked, the payment step); `replace` for the fine-grained changes (a day, a start, a passenger).
import { useLocation, useNavigate } from 'react-router-dom';
import { DIALOG_PARAM, type FlowHistoryState } from './dialog-address';
import { paths } from '../../shared/paths';

export type FlowParams = {
  /** The flow's parameters (without the dialog's `book`). */
  params: URLSearchParams;
  /** The page the 3-D Secure return comes back to with the flow's parameters. */
  pathname: string;
  replace: (next: URLSearchParams) => void;
  push: (next: URLSearchParams) => void;
  /** Undo the last push: Back in history when this page made it, else replace with `fallback`. */
  back: (fallback: URLSearchParams) => void;
};

const search = (p: URLSearchParams) => {
  const q = p.toString();
  return q ? `?${q}` : '';
};

function useFlowParams(dialog: boolean): FlowParams {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as FlowHistoryState;
  const pushedHere = state?.flowStep === true;
  const address = new URLSearchParams(location.search);
  const book = address.get(DIALOG_PARAM);
  const params = new URLSearchParams(address);
  params.delete(DIALOG_PARAM);
  // The dialog's `book` stays first in the address, whatever the flow writes.
  const toAddress = (next: URLSearchParams) => {
    if (!dialog || book === null) return search(next);
    const rest = new URLSearchParams(next);
    rest.delete(DIALOG_PARAM);
    return search(new URLSearchParams([[DIALOG_PARAM, book], ...rest]));
  };
  const depth = state?.dialogDepth ?? 0;
  return {
    params,
    pathname: dialog ? paths.booking.path : location.pathname,
    replace: (next) => void navigate({ search: toAddress(next) }, { replace: true, state }),
    push: (next) =>
      void navigate(
        { search: toAddress(next) },
        { state: dialog ? { flowStep: true, dialogDepth: depth + 1 } : { flowStep: true } },
      ),
    back: (fallback) => {
      if (pushedHere) void navigate(-1);
      else void navigate({ search: toAddress(fallback) }, { replace: true, state: dialog ? state : null });
    },
  };
}

/** The flow full page, on /booking. */
export function useUrlFlowParams(): FlowParams {
  return useFlowParams(false);
}

/** The flow in the landing page's booking dialog, beside `book` in the address. */
export function useDialogFlowParams(): FlowParams {
  return useFlowParams(true);
}
