// The floating "book now" at the bottom-right (to the contact section, docs/product.md §2) and, below
// 768 px, the vertical side-rail "book now". Both step aside while a section with Book buttons
// of its own is on screen (the hero, the fleet): on a phone they would cover a card's photo
// arrows, price and Book, and show three or four Book buttons at once.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './floating-book.module.css';
import { paths } from '../paths';

export type FloatingBookProps = {
  railHref?: string;
  /** Ids of the sections that carry their own Book buttons. */
  hideOver?: readonly string[];
};

/** True while any of the sections is on screen. A page starts at its top, over the first of
 * them (the hero): the prerendered page and its first paint already have the buttons aside, so
 * three "Book now" never flash in the hero before the observer's first answer. */
function useAnyOnScreen(ids: readonly string[]): boolean {
  const [onScreen, setOnScreen] = useState(ids.length > 0);
  const key = ids.join(' ');
  useEffect(() => {
    const sections = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (sections.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      setOnScreen(visible.size > 0);
    });
    sections.forEach((section) => observer.observe(section));
    return () => observer.disconnect();
  }, [key]);
  return onScreen;
}

export function FloatingBook({ railHref = '#book', hideOver = [] }: FloatingBookProps) {
  const { t } = useTranslation();
  const hidden = useAnyOnScreen(hideOver);
  return (
    <>
      <a
        href={paths.home.getHref('contact')}
        className={styles.floating}
        data-placement="floating"
        hidden={hidden}
      >
        {t('actions.bookNow')}
      </a>
      <a href={railHref} className={styles.rail} data-placement="side-rail" hidden={hidden}>
        {t('actions.bookNow')}
      </a>
    </>
  );
}
