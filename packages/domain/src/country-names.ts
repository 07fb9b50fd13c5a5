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

let byName: Map<string, string> | undefined;

/** Every region's name in every site language, to its code; built once, on first use. */
function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  for (const lng of LANGUAGES) {
    const names = new Intl.DisplayNames([intlLocale(lng)], { type: 'region', fallback: 'none' });
    for (const a of A_TO_Z) {
      for (const b of A_TO_Z) {
        const code = a + b;
        if (canonical(code) !== code) continue;
        const name = names.of(code);
        if (name && !byName.has(key(name))) byName.set(key(name), code);
      }
    }
  }
  return byName;
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
  return namesToCodes().get(key(trimmed)) ?? null;
}

/** The country as the reader's language names it: "Deutschland" on an English page is "Germany". */
export function countryName(text: string, reader: LanguageCode): string {
  const code = countryCode(text);
  if (!code) return text.trim();
  return new Intl.DisplayNames([intlLocale(reader)], { type: 'region' }).of(code) ?? text.trim();
}
