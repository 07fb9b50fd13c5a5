// The landing page, the /booking shell and the public pages of text and forms are prerendered at
// build time in every language (apps/web/scripts/prerender.ts writes dist/pages/{page}.{lng}.html,
// the page named after its path). This picks the one a request gets, in the language the browser would pick itself (apps/web/src/shared/i18n): the
// address's ?lng=, then the `lng` cookie the language switch sets, then Accept-Language, then
// English. An address the prerender did not cover (a boat chosen in the query, a booking link,
// a card-payment return) gets the plain index.html, which the browser renders itself.
import type { FastifyRequest } from 'fastify';
import {
  FALLBACK_LANGUAGE,
  languageFromAcceptLanguage,
  supportedLanguage,
  type LanguageCode,
} from '@boats/domain/languages';
import type { StaticFile } from './static-files';

/** The prerendered page a path would have: `/` is index, /legal/terms is legal-terms. */
function pageOfPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? 'index' : trimmed.slice(1).replaceAll('/', '-');
}

/** Query parameters that do not change what the page shows: the language and campaign tags. */
const harmless = (name: string) => name === 'lng' || name.startsWith('utm_');

export function pageLanguage(request: FastifyRequest, query: URLSearchParams): LanguageCode {
  return (
    supportedLanguage(query.get('lng')) ??
    supportedLanguage(request.cookies.lng) ??
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    FALLBACK_LANGUAGE
  );
}

/** The prerendered page for this request, or undefined when the plain index.html must answer. */
export function prerenderedPage(
  request: FastifyRequest,
  path: string,
  files: ReadonlyMap<string, StaticFile>,
): StaticFile | undefined {
  // Only a path the build prerendered has a page (a page name never holds a dot or a slash).
  if (!/^[\w/-]*$/.test(path)) return undefined;
  const page = pageOfPath(path);
  if (page === 'index' && path !== '/') return undefined; // /index is no address of the landing page
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  if ([...query.keys()].some((name) => !harmless(name))) return undefined;
  return files.get(`/pages/${page}.${pageLanguage(request, query)}.html`);
}
