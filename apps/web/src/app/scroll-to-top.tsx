// A page opened from a link starts at its top (the browser's Back and Forward keep their own
// place): without this, /booking opened from the landing page's lower half showed its footer.
// Only a new path counts: the booking flow writes its choices into the query string.
import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

export function ScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  const last = useRef(pathname);
  useLayoutEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    // Instant: the site's smooth scrolling (for its in-page anchors) would otherwise glide a new
    // page up from where the old one was.
    if (type !== NavigationType.Pop && !hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, type]);
  return null;
}
