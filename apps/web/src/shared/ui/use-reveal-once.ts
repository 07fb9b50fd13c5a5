import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has been at least `threshold` visible, or, with a `rootMargin`, has come
 * that close to the screen; it then stays true. For what shows or loads as the visitor scrolls
 * to it (docs/product.md §4).
 */
export function useRevealOnce(ref: RefObject<Element | null>, threshold = 0.35, rootMargin = '0px'): boolean {
  const [revealed, setRevealed] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, revealed, threshold, rootMargin]);
  return revealed;
}
