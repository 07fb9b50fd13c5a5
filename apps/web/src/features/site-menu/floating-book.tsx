// The floating "book now" at the bottom-right (to the contact section, spec §2) and, below
// 768 px, the vertical side-rail "book now".
import { useTranslation } from 'react-i18next';
import styles from './floating-book.module.css';

export function FloatingBook({ railHref = '#book' }: { railHref?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="/#contact" className={styles.floating} data-placement="floating">
        {t('actions.bookNow')}
      </a>
      <a href={railHref} className={styles.rail} data-placement="side-rail">
        {t('actions.bookNow')}
      </a>
    </>
  );
}
