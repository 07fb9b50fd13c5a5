// The landing page and the /booking shell are prerendered at build time in every language
// (apps/web/scripts/prerender.ts writes dist/pages/{page}.{lng}.html). This picks the one a
// request gets, in the language the browser would pick itself (apps/web/src/shared/i18n): the
// address's ?lng=, then the `lng` cookie the language switch sets, then Accept-Language, then
// English. An address the prerender did not cover (a boat chosen in the query, a booking link,
// a card-payment return) gets the plain index.html, which the browser renders itself.
import type { FastifyRequest } from 'fastify';
import type { StaticFile } from './static-files';

const LANGUAGES = ['en', 'es', 'ru'] as const;
type Language = (typeof LANGUAGES)[number];

const PAGE_OF_PATH: Record<string, string> = { '/': 'index', '/booking': 'booking', '/booking/': 'booking' };

/** Query parameters that do not change what the page shows: the language and campaign tags. */
const harmless = (name: string) => name === 'lng' || name.startsWith('utm_');

const supported = (value: string | undefined): Language | undefined => {
  const code = value?.trim().slice(0, 2).toLowerCase();
  return LANGUAGES.find((lng) => lng === code);
};

function fromAcceptLanguage(header: string | undefined): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lng = supported(tag);
    if (lng) return lng;
  }
  return undefined;
}

export function pageLanguage(request: FastifyRequest, query: URLSearchParams): Language {
  return (
    supported(query.get('lng') ?? undefined) ??
    supported(request.cookies.lng) ??
    fromAcceptLanguage(request.headers['accept-language']) ??
    'en'
  );
}

/** The prerendered page for this request, or undefined when the plain index.html must answer. */
export function prerenderedPage(
  request: FastifyRequest,
  path: string,
  files: ReadonlyMap<string, StaticFile>,
): StaticFile | undefined {
  const page = PAGE_OF_PATH[path];
  if (!page) return undefined;
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  if ([...query.keys()].some((name) => !harmless(name))) return undefined;
  return files.get(`/pages/${page}.${pageLanguage(request, query)}.html`);
}
