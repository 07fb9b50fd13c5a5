import { useEffect, useState, type RefObject } from 'react';

/** True once the element has been at least `threshold` visible; it then stays true (spec §4). */
export function useRevealOnce(ref: RefObject<Element | null>, threshold = 0.35): boolean {
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
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, revealed, threshold]);
  return revealed;
}
