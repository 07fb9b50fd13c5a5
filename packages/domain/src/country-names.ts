// A reviewer signs with their country as they typed it ("Deutschland", "españa", "UK"): a reader
// on another language's page reads it in their own ("Germany"). The country is recognised by
// its name in any of the site's languages (or its two-letter code) through Intl.DisplayNames, so
// no list of names is kept here; a text that names no country is shown as typed.
import { LANGUAGES, intlLocale, type LanguageCode } from './languages';

const A_TO_Z = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
const REGION_CODE = /^[A-Z]{2}$/;

/** What people write for a few countries besides their names. */
const ALIASES: Record<string, string> = { uk: 'GB', usa: 'US', england: 'GB', scotland: 'GB', wales: 'GB' };

/** Lower case, no accents, no dots or extra spaces: "España" and "espana" are one key. */
function key(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[.\s]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A code as it stands today: an old one ("DD") is another's alias, and names no country of its own. */
function canonical(code: string): string {
  return Intl.getCanonicalLocales(`und-${code}`)[0]?.slice(4) ?? code;
}

let currentCodes: string[] | undefined;

/** The two-letter codes that name a region today; worked out once, for every language. */
function regionCodes(): string[] {
  currentCodes ??= A_TO_Z.flatMap((a) => A_TO_Z.map((b) => a + b)).filter((code) => canonical(code) === code);
  return currentCodes;
}

/** Region names (keyed) to codes, a language at a time in the site's order; the first language to use a name keeps it. */
const byName = new Map(Object.entries(ALIASES));
let languagesRead = 0;

/**
 * Adds the next site language's region names; false once all are in. A page that names
 * countries calls it a language per task before it draws them (shared/reviews/api in the web
 * app): all six at once are some 4,000 lookups, a task of 100–160 ms on a slow phone.
 */
export function readCountryNamesOfNextLanguage(): boolean {
  const lng = LANGUAGES[languagesRead];
  if (!lng) return false;
  languagesRead++;
  const names = new Intl.DisplayNames([intlLocale(lng)], { type: 'region', fallback: 'none' });
  for (const code of regionCodes()) {
    const name = names.of(code);
    if (name && !byName.has(key(name))) byName.set(key(name), code);
  }
  return true;
}

/** The two-letter code of the country a text names, in any site language; null if none. */
export function countryCode(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (
    REGION_CODE.test(trimmed) &&
    new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(trimmed)
  )
    return canonical(trimmed);
  const name = key(trimmed);
  // The languages not read yet are read until one names it: as if every language were read.
  while (!byName.has(name) && readCountryNamesOfNextLanguage());
  return byName.get(name) ?? null;
}

/** The country as the reader's language names it: "Deutschland" on an English page is "Germany". */
export function countryName(text: string, reader: LanguageCode): string {
  const code = countryCode(text);
  if (!code) return text.trim();
  return new Intl.DisplayNames([intlLocale(reader)], { type: 'region' }).of(code) ?? text.trim();
}
