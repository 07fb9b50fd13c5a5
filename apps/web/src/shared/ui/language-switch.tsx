// The languages' codes (EN · ES · RU …) in the site header. Switching changes only the language: the page, its address
// and whatever the visitor has chosen on it stay as they are.
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES } from '@boats/domain/languages';
import { chooseLanguage, currentLanguage } from '../i18n/i18n';
import styles from './language-switch.module.css';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage ? currentLanguage() : 'en';
  return (
    <div role="group" className={styles.switch} aria-label={t('prefs.language')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={lng === active}
          title={languageName(lng)}
          className={styles.option}
          onClick={() => chooseLanguage(lng)}
        >
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
