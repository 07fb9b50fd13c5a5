// Where the flow keeps its query parameters (selection, checkout): the address bar on /booking,
// so reload, Back and links restore it; plain state in the dialog, whose page keeps its own URL.
// `push` is for steps Back should undo (a boat picked, the payment step); `replace` for the
// fine-grained changes (a day, a start, a passenger).
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export type FlowParams = {
  params: URLSearchParams;
  /** The address the flow's parameters belong to (the 3-D Secure return comes back to it). */
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

export function useUrlFlowParams(): FlowParams {
  const location = useLocation();
  const navigate = useNavigate();
  const pushedHere = (location.state as { flowStep?: boolean } | null)?.flowStep === true;
  return {
    params: new URLSearchParams(location.search),
    pathname: location.pathname,
    replace: (next) =>
      void navigate({ search: search(next) }, { replace: true, state: location.state as unknown }),
    push: (next) => void navigate({ search: search(next) }, { state: { flowStep: true } }),
    back: (fallback) => {
      if (pushedHere) void navigate(-1);
      else void navigate({ search: search(fallback) }, { replace: true });
    },
  };
}

export function useMemoryFlowParams(initial: string): FlowParams {
  const [stack, setStack] = useState(() => [new URLSearchParams(initial)]);
  return {
    params: stack[stack.length - 1]!,
    pathname: '/booking',
    replace: (next) => setStack((s) => [...s.slice(0, -1), next]),
    push: (next) => setStack((s) => [...s, next]),
    back: (fallback) => setStack((s) => (s.length > 1 ? s.slice(0, -1) : [fallback])),
  };
}
