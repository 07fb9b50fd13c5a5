import { useCallback, useEffect, useState } from 'react';

/** The URL's #fragment, following in-page links; `clear` removes it without scrolling. */
export function useHash(): [string, () => void] {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('hashchange', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  const clear = useCallback(() => {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', pathname + search);
    setHash('');
  }, []);
  return [hash, clear];
}
