// A fixed control (the menu button, the cookie preferences button) steps aside while text a
// visitor reads or types into lies under it: on a 360 px phone the menu button at the top-left
// covered the first letter of the contact form's name field and of the footer's "Write to us",
// and the preferences button at the bottom-left the footer's links and the consent text. The
// parts of the page that must stay readable say so with `data-keep-clear`; everywhere else (the
// hero, the fleet, the sections with centred text) the controls stay. On a phone only: from
// 576 px the page's text leaves the controls their margin, and a control hidden there (the
// language and cookie preferences, the menu) would be hidden from a visitor for nothing.
import { useEffect, useState, type RefObject } from 'react';

/** The attribute that marks a part of the page no fixed control may cover. */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;

/** The widths where the controls sit over the page's text (the brand text's breakpoint). */
const PHONE = '(max-width: 575.98px)';

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** True while a `data-keep-clear` part of the page lies under the control's own box. The box is
 * measured while the control is aside too (it is hidden with `visibility`, keeping its place). */
export function useStepAside(control: RefObject<HTMLElement | null>): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    const el = control.current;
    if (!el) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      // A browser without matchMedia (jsdom) is not a phone here.
      const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches;
      if (!phone) {
        setAside(false);
        return;
      }
      const box = el.getBoundingClientRect();
      const under = Array.from(document.querySelectorAll('[data-keep-clear]')).some((part) =>
        overlap(box, part.getBoundingClientRect()),
      );
      setAside(under);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [control]);
  return aside;
}
