import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LegalLinks } from '../legal/legal-links';
import { KEEP_CLEAR } from '../ui/use-step-aside';
import styles from './site-footer.module.css';
import { paths } from '../paths';

const CONTACT_EMAIL = 'hello@adboatrental.example';

const SOCIAL = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    icon: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4ZM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4ZM12 2c-2.7 0-3 0-4.1.1C4.3 2.3 2.3 4.3 2.1 7.9 2 9 2 9.3 2 12s0 3 .1 4.1c.2 3.6 2.2 5.6 5.8 5.8 1.1.1 1.4.1 4.1.1s3 0 4.1-.1c3.6-.2 5.6-2.2 5.8-5.8.1-1.1.1-1.4.1-4.1s0-3-.1-4.1c-.2-3.6-2.2-5.6-5.8-5.8C15 2 14.7 2 12 2Zm0 1.8c2.7 0 3 0 4 .1 2.7.1 4 1.4 4.1 4.1.1 1 .1 1.3.1 4s0 3-.1 4c-.1 2.7-1.4 4-4.1 4.1-1 .1-1.3.1-4 .1s-3 0-4-.1c-2.7-.1-4-1.4-4.1-4.1-.1-1-.1-1.3-.1-4s0-3 .1-4C3.9 5.3 5.3 4 8 3.9c1-.1 1.3-.1 4-.1Z',
  },
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    icon: 'M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12Z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    icon: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.8 15V9l5.8 3Z',
  },
];

const ANCHORS = ['home', 'fleet', 'contact', 'why'] as const;

export function SiteFooter() {
  const { t } = useTranslation('landing');
  const { t: tc } = useTranslation();
  return (
    <footer className={styles.footer}>
      {/* Its text stays clear of the landing page's fixed menu and preferences buttons. */}
      <div className={styles.inner} {...KEEP_CLEAR}>
        <div>
          <p className={styles.brand}>{tc('brand.name')}</p>
          <p className={styles.muted}>{t('footer.tagline')}</p>
          <a className={styles.mail} href={`mailto:${CONTACT_EMAIL}`}>
            {t('footer.mail', { email: CONTACT_EMAIL })}
          </a>
        </div>
        <nav aria-label={t('footer.navLabel')}>
          <ul className={styles.links}>
            {ANCHORS.map((anchor) => (
              <li key={anchor}>
                <a href={paths.home.getHref(anchor)}>{tc(`menu.${anchor}`)}</a>
              </li>
            ))}
            <li>
              <Link to={paths.manageBooking.getHref()}>{tc('menu.myBooking')}</Link>
            </li>
            <li>
              <Link to={paths.gift.getHref()}>{tc('menu.gift')}</Link>
            </li>
            <li>
              <Link to={paths.listYourBoat.getHref()}>{tc('menu.listYourBoat')}</Link>
            </li>
          </ul>
          <LegalLinks className={styles.links} />
        </nav>
        <div>
          <p className={styles.follow}>{t('footer.follow')}</p>
          <ul className={styles.social}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.social', { name: s.name })}
                >
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d={s.icon} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className={styles.copy} {...KEEP_CLEAR}>
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
