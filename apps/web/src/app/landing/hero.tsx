// The hero (anchor #home). The poster is a plain <picture> so it is what paints first; the
// video gets its sources only after the page's load event, so it never competes with the first
// paint or the scripts, and it is skipped for visitors who ask for reduced motion or less data.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRating, type Rating } from '@boats/domain/reviews';
import { currentLanguage } from '../../shared/i18n/i18n';
import button from '../../shared/ui/button.module.css';
import styles from './hero.module.css';

type VideoSource = { src: string; type: string };
type PosterSet = { avif?: string; webp?: string; src: string };

export type HeroProps = {
  videoSrc?: string | VideoSource[];
  poster?: string | PosterSet;
  brandLogo?: string;
  brandText?: string;
  headline?: string;
  subheadline?: string;
  bookHref?: string;
  /** Right of "book now": the sign-in button, or what the signed-in visitor sees. */
  accountAction?: ReactNode;
  /** The site's published reviews; no line while unknown or when there are none. */
  rating?: Rating | null;
};

const HERO_DEFAULTS = {
  videoSrc: [
    { src: '/media/hero/hero-720.webm', type: 'video/webm' },
    { src: '/media/hero/hero-720.mp4', type: 'video/mp4' },
  ] satisfies VideoSource[],
  poster: {
    avif: '/media/hero/poster-640.avif 640w, /media/hero/poster-1280.avif 1280w, /media/hero/poster-1920.avif 1920w',
    webp: '/media/hero/poster-640.webp 640w, /media/hero/poster-1280.webp 1280w, /media/hero/poster-1920.webp 1920w',
    src: '/media/hero/poster-1280.jpg',
  } satisfies PosterSet,
  brandLogo: '/media/brand/logo.svg',
  bookHref: '#book',
};

function wantsVideo(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  return !saveData && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Resolves after the window's load event (at once if it has already fired). */
function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = window.setTimeout(run, 0);
    return () => window.clearTimeout(id);
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

export function Hero(props: HeroProps) {
  const { t } = useTranslation('landing');
  const videoSrc = props.videoSrc ?? HERO_DEFAULTS.videoSrc;
  const sources = typeof videoSrc === 'string' ? [{ src: videoSrc, type: '' }] : videoSrc;
  const poster: PosterSet =
    typeof props.poster === 'string' ? { src: props.poster } : (props.poster ?? HERO_DEFAULTS.poster);
  const brandLogo = props.brandLogo ?? HERO_DEFAULTS.brandLogo;
  const brandText = props.brandText ?? t('hero.brandText');
  const headline = props.headline ?? t('hero.headline');
  const subheadline = props.subheadline ?? t('hero.subheadline');
  const bookHref = props.bookHref ?? HERO_DEFAULTS.bookHref;

  const video = useRef<HTMLVideoElement>(null);
  const [videoOn, setVideoOn] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => (wantsVideo() ? afterLoad(() => setVideoOn(true)) : undefined), []);

  useEffect(() => {
    const v = video.current;
    if (!videoOn || !v) return;
    v.load();
    v.play().catch(() => undefined); // autoplay refused: the poster stays, nothing breaks
  }, [videoOn]);

  return (
    <section id="home" className={styles.hero} aria-labelledby="hero-title">
      <picture className={styles.media}>
        {poster.avif && <source type="image/avif" srcSet={poster.avif} sizes="100vw" />}
        {poster.webp && <source type="image/webp" srcSet={poster.webp} sizes="100vw" />}
        <img src={poster.src} alt="" fetchPriority="high" decoding="async" />
      </picture>
      <video
        ref={video}
        className={`${styles.media} ${styles.video} ${playing ? styles.playing : ''}`}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => setPlaying(true)}
      >
        {videoOn &&
          sources.map((s) => <source key={s.src} src={s.src} {...(s.type ? { type: s.type } : {})} />)}
      </video>
      <div className={styles.shade} />

      <div className={styles.content}>
        <div className={styles.brand}>
          <img className={styles.logo} src={brandLogo} alt={t('hero.logoAlt')} width={72} height={72} />
          <span className={styles.brandText}>{brandText}</span>
        </div>
        <h1 id="hero-title" className={styles.headline}>
          {headline}
        </h1>
        <p className={styles.subheadline}>{subheadline}</p>
        {/* The line keeps its place while the rating loads, so nothing below it moves. */}
        <p className={styles.rating}>
          {props.rating && props.rating.count > 0 && (
            <>
              <span aria-hidden="true">★★★★★</span>{' '}
              {t('hero.rating', {
                rating: formatRating(props.rating.average, currentLanguage()),
                count: props.rating.count,
              })}
            </>
          )}
        </p>
        <div className={styles.actions}>
          <a href={bookHref} className={button.primary}>
            {t('hero.book')}
          </a>
          {props.accountAction}
        </div>
      </div>
    </section>
  );
}
