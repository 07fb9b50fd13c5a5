// @vitest-environment node
// Every namespace file must hold the same keys in every language of the site (the domain's
// LANGUAGES): a key missing in one language would show the English fallback (or the raw key)
// to that visitor. Plural keys (`key_one`, `key_few`…) are compared by their base, and each
// language must have the plural forms its CLDR rules use for whole counts (ru: one/few/many/
// other; en, es, de, fr, it: one/other) wherever English counts. A text left in English (the
// same value as en) fails too, unless it is a name or made only of words spelt the same in that
// language (the allow-lists below).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@boats/domain/languages';

const LOCALES = fileURLToPath(new URL('../../../public/locales', import.meta.url));

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** Names and marks that stay as they are in every language. */
const SAME_EVERYWHERE = new Set([
  'AD Boat Rental',
  'AD BOAT RENTAL',
  'AD Boat Rental, Tenerife',
  'CVC',
  'Prosecco',
  // The Canary Islands' indirect tax goes by its Spanish name in every language.
  'IGIC {{percent}} %',
  'IGIC (EUR)',
  // The Spanish tax agency and the document format keep their names.
  'AEAT',
  'PDF',
]);
/** Words spelt the same in that language as in English (a text made only of them may match). */
const SAME_AS_ENGLISH: Record<string, Set<string>> = {
  es: new Set(['Total', 'total', 'EUR', 'Marketing', 'Legal', 'Widget', 'Extras', 'Extra']),
  ru: new Set(['E-mail']),
  de: new Set([
    'Status',
    'Details',
    'Ticket',
    'Tickets',
    'Widget',
    'Name',
    'Crew',
    'Charter',
    'Sofas',
    'Skipper',
    'Snacks',
    'Marketing',
    'Check-in',
    'Extras',
    'Extra',
    'System',
    'Agent',
    // The word German sites use for WebAuthn keys.
    'Passkeys',
  ]),
  fr: new Set([
    'date',
    'type',
    'total',
    'EUR',
    'Type',
    'Actions',
    'Date',
    'Message',
    'Messages',
    'message',
    'messages',
    'Source',
    'Widget',
    'Pages',
    'E-mail',
    'Images',
    'Description',
    'Photo',
    'Skipper',
    'Total',
    'Contact',
    'Marketing',
    'Agent',
    'agent',
    'site',
  ]),
  it: new Set([
    'Email',
    'email',
    'Widget',
    'User',
    'agent',
    'Back',
    'office',
    'Password',
    'Skipper',
    'Home',
    'Marketing',
    'Extra',
  ]),
};

/** The words of a text, without its placeholders and markup. */
function wordsOf(value: string): string[] {
  return value
    .replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ')
    .split(/[\s(),.:;!?]+/)
    .filter(Boolean);
}

/** A text spelt the same in `lang` as in English: a name, or made only of shared words. */
function sameInLanguage(value: string, lang: string): boolean {
  const shared = SAME_AS_ENGLISH[lang];
  return SAME_EVERYWHERE.has(value) || (shared !== undefined && wordsOf(value).every((w) => shared.has(w)));
}

/** A text a visitor reads as language: letters left once placeholders and markup are gone. */
function isProse(value: string): boolean {
  return /\p{L}{3}/u.test(value.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ''));
}

function valueAt(data: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((o, part) => (o as Record<string, unknown> | undefined)?.[part], data);
}

const PLURAL_RE = /_(zero|one|two|few|many|other)$/;

/** The plural categories a language needs for counts of people, hours and seats. */
function pluralCategories(lang: string): string[] {
  const rules = new Intl.PluralRules(lang);
  const found = new Set<string>(['other']);
  for (let n = 0; n <= 200; n++) found.add(rules.select(n));
  return [...found];
}

function load(lang: string, file: string): unknown {
  return JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8'));
}

const namespaces = [...new Set(LANGUAGES.flatMap((lang) => readdirSync(join(LOCALES, lang))))].filter((f) =>
  f.endsWith('.json'),
);

describe('translation files', () => {
  it('exist for every language', () => {
    for (const file of ['common.json', 'email.json', 'legal.json']) expect(namespaces).toContain(file);
    for (const lang of LANGUAGES) {
      expect(readdirSync(join(LOCALES, lang)).sort(), `files of ${lang}`).toEqual([...namespaces].sort());
    }
  });

  it.each(namespaces)('%s has the same keys in every language, none empty or left in English', (file) => {
    const bases = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL_RE, '')));
    const enData = load('en', file);
    const enAll = keysOf(enData);
    const en = bases(enAll);
    for (const lang of LANGUAGES) {
      const data = load(lang, file);
      const all = keysOf(data);
      const keys = bases(all);
      const missing = [...en].filter((k) => !keys.has(k));
      const extra = [...keys].filter((k) => !en.has(k));
      const counted = (list: string[]) =>
        list.filter((k) => PLURAL_RE.test(k)).map((k) => k.replace(PLURAL_RE, ''));
      const plurals = new Set([...counted(all), ...counted(enAll)]);
      const missingPlurals = [...plurals].flatMap((base) =>
        pluralCategories(lang)
          .map((category) => `${base}_${category}`)
          .filter((k) => !all.includes(k)),
      );
      const empty = all.filter((k) => {
        const value = valueAt(data, k);
        return typeof value === 'string' && value.trim() === '';
      });
      const leftInEnglish =
        lang === 'en'
          ? []
          : all.filter((k) => {
              const value = valueAt(data, k);
              return (
                typeof value === 'string' &&
                value === valueAt(enData, k) &&
                isProse(value) &&
                !sameInLanguage(value, lang)
              );
            });
      expect({ lang, missing, extra, missingPlurals, empty, leftInEnglish }).toEqual({
        lang,
        missing: [],
        extra: [],
        missingPlurals: [],
        empty: [],
        leftInEnglish: [],
      });
    }
  });
});
