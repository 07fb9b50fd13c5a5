// Contact (anchor #contact): the form, with the invitation to boat owners (spec §1).
import { useTranslation } from 'react-i18next';
import { ContactForm } from './contact-form';
import styles from './contact-section.module.css';

export function ContactSection() {
  const { t } = useTranslation('landing');
  return (
    <section id="contact" className={styles.section} aria-labelledby="contact-title">
      <div className={styles.inner}>
        <div className={styles.intro}>
          <h2 id="contact-title" className={styles.title}>
            {t('contact.title')}
          </h2>
          <p>{t('contact.subtitle')}</p>
          <div className={styles.owners}>
            <h3 className={styles.ownersTitle}>{t('contact.ownersTitle')}</h3>
            <p>{t('contact.ownersText')}</p>
          </div>
        </div>
        <div className={styles.card}>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
