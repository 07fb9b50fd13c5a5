// Translations are JSON files per language and namespace under /locales, fetched on demand,
// so a visitor downloads only the language and the screens they use.
import i18n, { type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, languageOf, type LanguageCode } from '@boats/domain/languages';

const LANGUAGE_STORAGE_KEY = 'app.lang';
/** The cookie that carries the choice to the server, which answers prerendered pages in it. */
const LANGUAGE_COOKIE = 'lng';

/** Switches the texts at once and remembers the choice in `app.lang` for the next visit. */
export function chooseLanguage(lng: LanguageCode): void {
  void i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage blocked: the switch still applies to this visit
  }
}

/** The active language, reduced to one we support. */
export function currentLanguage(): LanguageCode {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Starts i18next in the browser. `bundled`: texts that came inside a prerendered page, used
 * as they are, so hydration needs no request; the rest load from /locales on demand. Resolves
 * once the visitor's language and its common texts are there.
 */
export function initI18n(bundled?: Resource): Promise<unknown> {
  if (i18n.isInitialized) return Promise.resolve();
  const ready = i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...SHARED_OPTIONS,
      ...(bundled ? { resources: bundled, partialBundledLanguages: true } : {}),
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        // No 'sessionStorage': nothing keeps a language there, and the detector's check that the
        // storage works is a first access to it, a wait on the browser at every page's start.
        order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: (lng: string) => lng.slice(0, 2),
      },
      react: { useSuspense: true },
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng.slice(0, 2);
  });
  return ready;
}

/**
 * Starts i18next for the build-time prerender (entry-server.tsx): one language, every text
 * given, nothing fetched, ready at once.
 */
export function initI18nForPrerender(lng: LanguageCode, resources: Resource): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({ ...SHARED_OPTIONS, lng, resources, initAsync: false });
  }
  void i18n.changeLanguage(lng);
  return i18n;
}

const SHARED_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
} as const;

export default i18n;
