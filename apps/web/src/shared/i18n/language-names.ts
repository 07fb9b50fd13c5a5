import type { Language } from './i18n';

/** Each language is named in itself, so a visitor finds theirs whatever is showing. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ru: 'Русский' };
