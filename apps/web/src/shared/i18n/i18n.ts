// Translations are JSON files per language and namespace under /locales, fetched on demand,
// so a visitor downloads only the language and the screens they use.
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'app.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Each language is named in itself, so a visitor finds theirs whatever is showing. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ru: 'Русский' };

/** Switches the texts at once and remembers the choice in `app.lang` for the next visit. */
export function chooseLanguage(lng: Language): void {
  void i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage blocked: the switch still applies to this visit
  }
}

/** The active language, reduced to one we support. */
export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2);
  return isLanguage(lng) ? lng : 'en';
}

export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: 'en',
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => lng.slice(0, 2),
      },
      react: { useSuspense: true },
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng.slice(0, 2);
  });
  return i18n;
}

export default i18n;
