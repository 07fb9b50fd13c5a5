import { useEffect, useState, type RefObject } from 'react';

const THRESHOLDS = [0.5, 0.75, 1];

/** The track is scrolled as far right as it goes (a pixel of rounding allowed). */
function atScrollEnd(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth && el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
}

/**
 * The index of the most visible child of a horizontally scrolling track (docs/product.md §4). Children
 * mark themselves with `data-index`. Where several cards are whole on screen (a wide window) the
 * first of them wins, so once the track is scrolled to its end the last card is made the active
 * one: otherwise it could never become active.
 */
export function useActiveIndex(track: RefObject<HTMLElement | null>, count: number): number {
  const [active, setActive] = useState(0);
  const [atEnd, setAtEnd] = useState(false);
  useEffect(() => {
    const root = track.current;
    if (!root || count === 0 || typeof IntersectionObserver === 'undefined') return;
    const ratios = new Map<number, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.index);
          ratios.set(index, entry.isIntersecting ? entry.intersectionRatio : 0);
        }
        let best = -1;
        let bestRatio = 0;
        for (const [index, ratio] of ratios) {
          if (ratio > bestRatio || (ratio === bestRatio && ratio > 0 && index < best)) {
            best = index;
            bestRatio = ratio;
          }
        }
        if (best >= 0) setActive(best);
      },
      { root, threshold: THRESHOLDS },
    );
    root.querySelectorAll('[data-index]').forEach((child) => observer.observe(child));
    const onScroll = () => setAtEnd(atScrollEnd(root));
    root.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      root.removeEventListener('scroll', onScroll);
    };
  }, [track, count]);
  return atEnd && count > 0 ? count - 1 : active;
}
