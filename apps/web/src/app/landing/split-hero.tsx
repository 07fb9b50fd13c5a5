// Two image-and-text blocks (private charter, shared trips) whose buttons lead to /booking;
// the shared one opens it in Tickets mode, among the boats that run shared trips.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import button from '../../shared/ui/button.module.css';
import styles from './split-hero.module.css';
import { paths } from '../../shared/paths';

type Block = { key: 'charter' | 'shared'; image: 'charter' | 'shared'; points: readonly string[] };

const BLOCKS: Block[] = [
  { key: 'charter', image: 'charter', points: ['comfort', 'extras', 'durations'] },
  { key: 'shared', image: 'shared', points: ['activities', 'children', 'minSeats'] },
];

export function SplitHeroes() {
  return (
    <>
      {BLOCKS.map((block, i) => (
        <SplitHero key={block.key} block={block} reversed={i % 2 === 1} />
      ))}
    </>
  );
}

function SplitHero({ block, reversed }: { block: Block; reversed: boolean }) {
  const { t } = useTranslation('landing');
  const base = `/media/promo/${block.image}`;
  return (
    <section
      className={`${styles.block} ${reversed ? styles.reversed : ''}`}
      aria-labelledby={`split-${block.key}`}
    >
      <picture className={styles.image}>
        <source
          type="image/avif"
          srcSet={`${base}-640.avif 640w, ${base}-1280.avif 1280w`}
          sizes="(min-width: 992px) 50vw, 100vw"
        />
        <source
          type="image/webp"
          srcSet={`${base}-640.webp 640w, ${base}-1280.webp 1280w`}
          sizes="(min-width: 992px) 50vw, 100vw"
        />
        <img
          src={`${base}-1280.webp`}
          alt={t(`split.${block.key}.imageAlt`)}
          loading="lazy"
          decoding="async"
          width={1280}
          height={853}
        />
      </picture>
      <div className={styles.text}>
        <p className={styles.eyebrow}>{t(`split.${block.key}.eyebrow`)}</p>
        <h2 id={`split-${block.key}`} className={styles.title}>
          {t(`split.${block.key}.title`)}
        </h2>
        <p>{t(`split.${block.key}.text`)}</p>
        <ul className={styles.points}>
          {block.points.map((point) => (
            <li key={point}>{t(`split.${block.key}.points.${point}`)}</li>
          ))}
        </ul>
        <Link
          to={paths.booking.getHref(block.key === 'shared' ? { mode: 'tickets' } : {})}
          className={button.primary}
        >
          {t(`split.${block.key}.button`)}
        </Link>
      </div>
    </section>
  );
}
