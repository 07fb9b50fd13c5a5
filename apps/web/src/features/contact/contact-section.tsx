// Contact (anchor #contact): the form, with the invitation to boat owners (docs/product.md §1). The form
// and its validation load as the visitor scrolls towards them (or opens /#contact): they sit
// below the fold, keeping zod out of the landing page's first download keeps that download within
// budget, and a form nobody scrolls to costs a phone nothing. The prerendered landing page
// (scripts/prerender.ts) holds the placeholder; the form comes with the JavaScript.
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import button from '../../shared/ui/button.module.css';
import { useHydrated } from '../../shared/ui/use-hydrated';
import { useRevealOnce } from '../../shared/ui/use-reveal-once';
import { KEEP_CLEAR } from '../../shared/ui/use-step-aside';
import styles from './contact-section.module.css';

const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

export function ContactSection() {
  const { t } = useTranslation('landing');
  const hydrated = useHydrated();
  const card = useRef<HTMLDivElement>(null);
  // About two phone screens ahead, so the form is there by the time it scrolls into view.
  const near = useRevealOnce(card, 0, '1500px 0px');
  const placeholder = <div className={styles.formPlaceholder} />;
  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-title">
      <div className={styles.inner} {...KEEP_CLEAR}>
        <div className={styles.intro}>
          <h2 id="contact-title" className={styles.title}>
            {t('contact.title')}
          </h2>
          {/* The floating "Book now" leads here (#contact): a way to book comes before the form. */}
          <div className={styles.book}>
            <p>{t('contact.bookText')}</p>
            <Link to={paths.booking.getHref()} className={button.primary}>
              {t('contact.book')}
            </Link>
          </div>
          <p>{t('contact.subtitle')}</p>
          <div className={styles.owners}>
            <h3 className={styles.ownersTitle}>{t('contact.ownersTitle')}</h3>
            <p>{t('contact.ownersText')}</p>
          </div>
        </div>
        <div ref={card} className={styles.card}>
          {hydrated && near ? (
            <Suspense fallback={placeholder}>
              <ContactForm />
            </Suspense>
          ) : (
            placeholder
          )}
        </div>
      </div>
    </section>
  );
}
