import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

// A prerendered page has no #fragment; hydration starts from that, then reads the real one.
const readHash = () => window.location.hash;
const noHash = () => '';

/** The URL's #fragment, following in-page links; `clear` removes it without scrolling. */
export function useHash(): [string, () => void] {
  const hash = useSyncExternalStore(subscribe, readHash, noHash);
  const clear = useCallback(() => {
    const { pathname, search } = window.location;
    // replaceState fires no event: tell the subscribers ourselves.
    window.history.replaceState(window.history.state, '', pathname + search);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, []);
  return [hash, clear];
}
