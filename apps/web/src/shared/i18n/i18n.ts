// Translations are JSON files per language and namespace under /locales, fetched on demand,
// so a visitor downloads only the language and the screens they use.
import i18n, { type BackendModule, type LanguageDetectorModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  languageOf,
  supportedLanguage,
  type LanguageCode,
} from '@boats/domain/languages';

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
    .use(localesBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...SHARED_OPTIONS,
      ...(bundled ? { resources: bundled, partialBundledLanguages: true } : {}),
      // i18next itself retries a read that failed on the network or a 5xx (350 ms, then twice as long).
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      react: { useSuspense: true },
    });
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng.slice(0, 2);
  });
  return ready;
}

/**
 * The texts of a language's namespace from /locales. Ten lines instead of i18next-http-backend
 * (and the detector below instead of i18next-browser-languagedetector): both were on every
 * page's start, 4.5 KiB gzip of the landing page's scripts, for the one URL and the one
 * order of places this site uses. The second argument of the callback tells i18next whether
 * to try again: yes after a network failure or a server error, not after a 404.
 */
const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    fetch(`/locales/${lng}/${ns}.json`).then(
      (res) => {
        if (!res.ok)
          return callback(`failed loading /locales/${lng}/${ns}.json: ${res.status}`, res.status >= 500);
        res.json().then(
          (texts: Record<string, unknown>) => callback(null, texts),
          () => callback(`failed parsing /locales/${lng}/${ns}.json`, false),
        );
      },
      (error: unknown) => callback(String(error), true),
    );
  },
};

/**
 * The visitor's language, from the first of these that names one of the site's: `?lng=`, the
 * `lng` cookie, `app.lang` in local storage, the browser's languages, the page's `lang`. It
 * stops at the first, so a visitor with the cookie (everyone after their first page) never
 * touches local storage while the page starts: the browser's first access to it is a wait on
 * another process, tens of milliseconds on a slow phone.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const candidates: (() => string | null | undefined)[] = [
      () => new URLSearchParams(location.search).get('lng'),
      cookieLanguage,
      storedLanguage,
      ...navigator.languages.map((lng) => () => lng),
      () => navigator.language,
      () => document.documentElement.lang,
    ];
    for (const candidate of candidates) {
      const lng = supportedLanguage(candidate());
      if (lng) return lng;
    }
    return undefined; // i18next falls back to English
  },
  /**
   * Called at start and on every change: the cookie carries the choice to the server (which
   * answers the next page in it), the storage keeps it should the cookie go. Both are written
   * together, so while the cookie names the language already the storage does too.
   */
  cacheUserLanguage(lng) {
    if (cookieLanguage() === lng) return;
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; Max-Age=${60 * 60 * 24 * 365}; Path=/; SameSite=Lax`;
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // storage blocked: the cookie still carries the language
    }
  },
};

function cookieLanguage(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
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
