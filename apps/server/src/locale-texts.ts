// The server's texts (e-mails, the calendar feed, the sandbox's bank page) come from the site's
// own locale resources (apps/web/public/locales/{lang}/{namespace}.json): one dictionary for
// site and server, translated and checked for parity in one place. Each namespace is loaded
// once, in every language, with i18next for plurals and interpolation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import type { CsvLanguage, CsvTexts } from '@boats/domain/csv';
import { FALLBACK_LANGUAGE, LANGUAGES, languageOf, type LanguageCode } from '@boats/domain/languages';
import { SERVER_ROOT } from './server-root';

// Found from the server folder, so the bundle (dist/server.js) reads the same files.
const DIR = join(SERVER_ROOT, '../web/public/locales');

const readNamespace = (lng: string, namespace: string): object =>
  JSON.parse(readFileSync(join(DIR, lng, `${namespace}.json`), 'utf8')) as object;

/**
 * `resource(language)`: the namespace's file as it is, for texts kept as a table (the
 * spreadsheets' headers and labels); English for a language we do not have.
 */
function localeResource<T>(namespace: string): (language: string) => T {
  const byLanguage = new Map(LANGUAGES.map((lng) => [lng, readNamespace(lng, namespace) as T]));
  return (language) => byLanguage.get(languageOf(language)) ?? (byLanguage.get(FALLBACK_LANGUAGE) as T);
}

/** `texts(language)`: the namespace's texts in that language (English for one we do not have). */
export function localeTexts(namespace: string): (language: string) => TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [namespace],
    defaultNS: namespace,
    // Values are escaped by the renderer where it builds HTML, not here.
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [lng, { [namespace]: readNamespace(lng, namespace) }]),
    ),
  });
  return (language) => instance.getFixedT(languageOf(language), namespace);
}

const csvTexts = localeResource<CsvTexts>('csv');

/** A spreadsheet's language for @boats/domain/csv: its code and its texts (csv.json). */
export function csvLanguage(lang: LanguageCode): CsvLanguage {
  return { lang, texts: csvTexts(lang) };
}
