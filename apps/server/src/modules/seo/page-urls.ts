// The addresses search engines and share previews are given. A page has one address per
// language, the form the site itself uses: `?lng=xx` picks the language (the server's
// prerendered pages and the web app's i18n both read it first); the address without it lets the
// visitor's browser choose, so it is the `x-default`.
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';

/** The page in one language, or (no language) the address that picks one itself. */
export function pageUrl(publicUrl: string, path: string, lng?: LanguageCode): string {
  return lng ? `${publicUrl}${path}?lng=${lng}` : `${publicUrl}${path}`;
}

/** A photo or file of the site as an absolute URL (already absolute ones stay as they are). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl}/`).href;
}

/** Every language's address of a page, then `x-default`. */
export function languageAlternates(publicUrl: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((lng) => ({ hreflang: lng, href: pageUrl(publicUrl, path, lng) })),
    { hreflang: 'x-default', href: pageUrl(publicUrl, path) },
  ];
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/**
 * A boat description (a little HTML: paragraphs, lists, links) as the plain text a search
 * result or a share preview shows, cut at a word near `max` characters.
 */
export function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
