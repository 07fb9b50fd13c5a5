// The site's languages: the one list. The web app, the server, the e-mails, the prerendered
// pages and the boat editor all take theirs from here, so adding a language is one entry below
// plus a translated copy of apps/web/public/locales/en/ (docs/architecture.md#languages).
// No zod here: the landing page imports this without loading the schemas.

type LanguageInfo = {
  /** The language named in itself, so a visitor finds theirs whatever the page shows. */
  name: string;
  /** The Intl locale its dates, numbers and money are written in. */
  intl: string;
};

/** In the order the language switch shows them; English first, the fallback of every text. */
const LANGUAGE_TABLE = {
  en: { name: 'English', intl: 'en-GB' },
  es: { name: 'Español', intl: 'es-ES' },
  ru: { name: 'Русский', intl: 'ru-RU' },
  de: { name: 'Deutsch', intl: 'de-DE' },
  fr: { name: 'Français', intl: 'fr-FR' },
  it: { name: 'Italiano', intl: 'it-IT' },
} as const satisfies Record<string, LanguageInfo>;

export type LanguageCode = keyof typeof LANGUAGE_TABLE;

export const LANGUAGES = Object.keys(LANGUAGE_TABLE) as [LanguageCode, ...LanguageCode[]];

/** The language every text falls back to, and the one a boat's main fields are written in. */
export const FALLBACK_LANGUAGE = 'en' satisfies LanguageCode;

/** The languages a boat's texts are translated into, beside its English main fields. */
export type TranslatedLanguage = Exclude<LanguageCode, typeof FALLBACK_LANGUAGE>;
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (lng): lng is TranslatedLanguage => lng !== FALLBACK_LANGUAGE,
);

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TABLE, value);
}

/** A language tag or code ('de-AT', 'ES', a stored booking's language) as one of ours, if it is. */
export function supportedLanguage(value: string | null | undefined): LanguageCode | undefined {
  const code = value?.trim().slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : undefined;
}

/** Like supportedLanguage, with English for anything else. */
export function languageOf(value: string | null | undefined): LanguageCode {
  return supportedLanguage(value) ?? FALLBACK_LANGUAGE;
}

export function languageName(lng: LanguageCode): string {
  return LANGUAGE_TABLE[lng].name;
}

export function intlLocale(lng: LanguageCode): string {
  return LANGUAGE_TABLE[lng].intl;
}

/**
 * The first of our languages an Accept-Language header asks for, by its q weights
 * ('de-CH,de;q=0.9,en;q=0.5' → de), or undefined when it names none of them.
 */
export function languageFromAcceptLanguage(header: string | undefined): LanguageCode | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const lng = supportedLanguage(tag);
    if (lng) return lng;
  }
  return undefined;
}
