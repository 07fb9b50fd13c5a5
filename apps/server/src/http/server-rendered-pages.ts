// The booking pages drawn on request (docs/performance.md#the-booking-page-drawn-on-the-server):
// /booking, /booking?mode=tickets, a boat chosen in the query (?boat=, ?boatId=, ?id=) and the
// boat's own addresses (/booking/{id}, /boats/{id}) are rendered by the web app's own code, built
// for Node by Vite (apps/web/dist-server/entry-server.js, loaded once at start), in the visitor's
// language and with the fleet of the catalogue cache, the same answer GET /api/boats gives. The
// page carries that answer (<script id="page-data">), which the browser puts in its query cache
// before hydrating (apps/web/src/app/page-data.ts), and the texts the render used.
//
// A rendered page is kept with the catalogue answer it was drawn from, and only with it: every
// committed change to a boat, a slot or a review (the database triggers, read-caches.ts) makes
// the catalogue cache answer a new object, and the pages of the old one are never looked up
// again. An answer the cache could not trust (notifications not flowing) is a new object on
// every request, so its pages are drawn per request. An address this does not cover, or a render
// that fails, gets the build-time page (prerendered-pages.ts).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { cachedJson, inflated, type CachedAnswer } from './answer-cache';
import type { StaticFile } from './static-files';

type Resource = Record<string, Record<string, unknown>>;

/** apps/web/src/entry-server.tsx, as its build exports it. */
type RenderPage = (
  url: string,
  lng: LanguageCode,
  resources: Record<string, Resource>,
  data: { boats?: unknown },
) => Promise<{ html: string; namespaces: string[] }>;

/** The booking page for a request, or undefined where the build-time page answers. */
export type BookingPageRenderer = (
  path: string,
  query: URLSearchParams,
  lng: LanguageCode,
) => Promise<StaticFile | undefined>;

const BOOKING_PATH = /^\/(?:booking\/?|(?:booking|boats)\/[0-9a-f-]{36}\/?)$/i;
/** A booking's confirmation, the way back from a bank page, a checkout being paid: the browser's. */
const BROWSER_ONLY = [
  'booking',
  'checkout',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
];
/** Query parameters that do not change what the page shows. */
const harmless = (name: string) => name === 'lng' || name.startsWith('utm_');
/** Pages kept per catalogue answer (languages × addresses); more are drawn and not kept. */
const MAX_PAGES_PER_ANSWER = 120;
/** A render that takes longer is abandoned for the build-time page. */
const RENDER_TIMEOUT_MS = 3000;

const ROOT = '<div id="root">';
/** #root and the texts of the build-time page (apps/web/scripts/prerender.ts writes them so). */
const ROOT_AND_TEXTS =
  /<div id="root">[^]*?<\/div>\s*<script type="application\/json" id="prerendered-texts">[^]*?<\/script>/;
// JSON inside <script type="application/json">: no "</script>" or "<!--" can end it early.
const scriptJson = (json: string) => json.replaceAll('<', '\\u003c');

/** The renderer built beside the web app (`${distDir}-server`), or undefined without one. */
export async function loadBookingPageRenderer(options: {
  distDir: string;
  files: ReadonlyMap<string, StaticFile>;
  fleet: () => Promise<CachedAnswer>;
  log: FastifyBaseLogger;
}): Promise<BookingPageRenderer | undefined> {
  const { distDir, files, fleet, log } = options;
  const entry = join(`${distDir}-server`, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let renderPage: RenderPage;
  try {
    ({ renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage });
  } catch (error) {
    log.warn({ err: error, entry }, 'could not load the page renderer: the booking pages answer as built');
    return undefined;
  }
  const resources = textsOf(files);
  const rendered = new WeakMap<CachedAnswer, Map<string, Promise<StaticFile>>>();

  const draw = async (url: string, lng: LanguageCode, answer: CachedAnswer, template: string) => {
    const body = inflated(answer).toString();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rendering ${url} took over ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
    });
    const page = await Promise.race([
      renderPage(url, lng, resources, { boats: cachedJson(answer) }),
      timeout,
    ]).finally(() => clearTimeout(timer));
    const texts = Object.fromEntries(page.namespaces.map((ns) => [ns, resources[lng]?.[ns]]));
    const html = template.replace(
      ROOT_AND_TEXTS,
      () =>
        `${ROOT}${page.html}</div>\n    <script type="application/json" id="prerendered-texts">${scriptJson(JSON.stringify({ lng, resources: { [lng]: texts } }))}</script>` +
        `\n    <script type="application/json" id="page-data">${scriptJson(`{"boats":${body}}`)}</script>`,
    );
    const identity = Buffer.from(html);
    return {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      identity,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    } satisfies StaticFile;
  };

  return async (path, query, lng) => {
    if (!BOOKING_PATH.test(path) || BROWSER_ONLY.some((name) => query.has(name))) return undefined;
    const template = files.get(`/pages/booking.${lng}.html`)?.identity.toString();
    if (!template || !ROOT_AND_TEXTS.test(template)) return undefined;
    const shown = new URLSearchParams([...query].filter(([name]) => !harmless(name)));
    shown.sort();
    const url = shown.size > 0 ? `${path}?${shown.toString()}` : path;
    try {
      const answer = await fleet();
      let pages = rendered.get(answer);
      if (!pages) rendered.set(answer, (pages = new Map<string, Promise<StaticFile>>()));
      const key = `${lng} ${url}`;
      const kept = pages.get(key);
      if (kept) return await kept;
      const drawing = draw(url, lng, answer, template);
      if (pages.size < MAX_PAGES_PER_ANSWER) {
        pages.set(key, drawing);
        // A failed render is not kept: the next request tries again.
        drawing.catch(() => pages.delete(key));
      }
      return await drawing;
    } catch (error) {
      log.warn({ err: error, url, lng }, 'could not draw the booking page: answering the built one');
      return undefined;
    }
  };
}

/** Every language's texts, from the build's /locales (the files the browser would fetch). */
function textsOf(files: ReadonlyMap<string, StaticFile>): Record<string, Resource> {
  const resources: Record<string, Resource> = Object.fromEntries(LANGUAGES.map((lng) => [lng, {}]));
  for (const [path, file] of files) {
    const match = /^\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    const texts = match && resources[match[1]!];
    if (texts) texts[match[2]!] = JSON.parse(file.identity.toString()) as Record<string, unknown>;
  }
  return resources;
}
