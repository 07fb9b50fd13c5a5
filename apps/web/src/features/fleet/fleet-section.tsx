// The fleet (anchor #fleet): heading, a horizontally scrolling track of boat cards loaded once
// from GET /api/boats, "book any boat" and, below 992 px, a vertical "book" rail button in its
// place (both at once, with the hero's and a card's, made four Book buttons on a phone).
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import type { FleetCards as FleetCardsView } from './fleet-cards';
import { useActiveIndex } from './use-active-index';
import { useBoats } from '../../shared/api/get-boats';
import styles from './fleet-section.module.css';

export type FleetSectionProps = {
  /** Book one boat (its id) or any boat (null). */
  onBook: (boatId: string | null) => void;
};

export function FleetSection({ onBook }: FleetSectionProps) {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const boats = useBoats();
  // The cards' code, asked for as the section mounts, beside the fleet's request (fleet-cards.tsx
  // says why it is split out). Held in state rather than behind lazy() and Suspense: the cards then
  // come in the same render as their count, which useActiveIndex needs to find them.
  const [FleetCards, setFleetCards] = useState<typeof FleetCardsView>();
  useEffect(() => {
    // A task after the hydration's commit, which runs this effect: Vite's preloader adds the
    // cards' modules' links as it imports them, and the commit is one task React does not slice.
    const later = setTimeout(
      () => void import('./fleet-cards').then((module) => setFleetCards(() => module.FleetCards)),
      0,
    );
    return () => clearTimeout(later);
  }, []);
  // The cards render as a transition once the fleet is in: React builds them a few at a time
  // and lets taps through in between, instead of one long task (the skeletons stay till then).
  const fleet = useDeferredValue(boats.data);
  const track = useRef<HTMLDivElement>(null);
  // useTranslation re-renders on a language change, so titles and descriptions follow it.
  const language = currentLanguage();
  const shown = FleetCards && fleet;
  const count = shown ? shown.length : 0;
  const active = useActiveIndex(track, count);

  // For mice without sideways scrolling: move the track by about one card.
  const scrollTrack = (direction: -1 | 1) => {
    const el = track.current;
    const card = el?.querySelector<HTMLElement>('[data-index]');
    if (!el || !card) return;
    el.scrollBy({ left: direction * (card.offsetWidth + 16), behavior: 'smooth' });
  };

  const follow = (href: string) => {
    if (/^https?:\/\//.test(href)) window.location.assign(href);
    else void navigate(href);
  };

  return (
    <section id="fleet" className={styles.section} aria-labelledby="fleet-title">
      <div className={styles.head}>
        <div>
          <h2 id="fleet-title" className={styles.title}>
            {t('fleet.title')}
          </h2>
          <p className={styles.subtitle}>{t('fleet.subtitle')}</p>
        </div>
        <div id="book" className={styles.bookAll}>
          {count > 1 && (
            <div className={styles.scrollButtons}>
              <button
                type="button"
                className={styles.scrollButton}
                aria-label={t('fleet.prevBoats')}
                aria-controls="fleet-track"
                onClick={() => scrollTrack(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className={styles.scrollButton}
                aria-label={t('fleet.nextBoats')}
                aria-controls="fleet-track"
                onClick={() => scrollTrack(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
          )}
          <button
            type="button"
            className={`${button.secondary} ${styles.bookAllButton}`}
            onClick={() => onBook(null)}
          >
            {t('fleet.bookAll')}
          </button>
        </div>
      </div>

      {boats.isError && (
        <div className={styles.message}>
          <Banner tone="error">
            <p className={styles.errorText}>{t('fleet.loadFailed')}</p>
            <button type="button" className={button.outline} onClick={() => void boats.refetch()}>
              {t('fleet.retry')}
            </button>
          </Banner>
        </div>
      )}
      {fleet?.length === 0 && <p className={styles.message}>{t('fleet.empty')}</p>}

      <div className={styles.trackWrap}>
        <button type="button" className={styles.rail} onClick={() => onBook(null)}>
          {t('fleet.bookRail')}
        </button>
        <div
          ref={track}
          id="fleet-track"
          className={styles.track}
          role="region"
          aria-label={t('fleet.trackLabel')}
          aria-busy={!shown && !boats.isError}
          tabIndex={-1}
        >
          {!shown &&
            !boats.isError &&
            [0, 1, 2].map((n) => <div key={n} className={styles.skeleton} aria-hidden="true" />)}
          {shown && (
            <FleetCards fleet={shown} language={language} active={active} onBook={onBook} onFollow={follow} />
          )}
        </div>
      </div>
      {shown && count > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {shown.map((boat, index) => (
            <span key={boat._id} className={index === active ? styles.dotActive : styles.dot} />
          ))}
        </div>
      )}
    </section>
  );
}
