// A compact language switch (the back office's bar): each language named in itself.
import { useTranslation } from 'react-i18next';
import { isLanguage, languageName, LANGUAGES } from '@boats/domain/languages';
import { chooseLanguage, currentLanguage } from './i18n';

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  // Read on every render: useTranslation re-renders when the language changes.
  void i18n.language;
  return (
    <select
      aria-label={t('prefs.language')}
      className={className}
      value={currentLanguage()}
      onChange={(event) => {
        if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
      }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {languageName(lng)}
        </option>
      ))}
    </select>
  );
}
