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
//
// The legal pages (/legal/privacy, /legal/terms, /legal/notice) are drawn by the same code with
// the operator's identity (GET /api/operator's answer), which fills their texts: the build cannot
// know it, so the build-time page shows them loading and the browser drew them once it had asked.
// The identity only changes with a restart, so each page is drawn once per language and kept.
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
  data: { boats?: unknown; operator?: unknown },
) => Promise<{ html: string; namespaces: string[] }>;

/** The page drawn for a request, or undefined where the build-time page answers. */
export type PageRenderer = (
  path: string,
  query: URLSearchParams,
  lng: LanguageCode,
) => Promise<StaticFile | undefined>;

const BOOKING_PATH = /^\/(?:booking\/?|(?:booking|boats)\/[0-9a-f-]{36}\/?)$/i;
const LEGAL_PATH = /^\/legal\/(privacy|terms|notice)\/?$/;
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

/**
 * The renderer built beside the web app (`${distDir}-server`), or undefined without one: the
 * booking pages with `fleet`, the legal pages with `operator`.
 */
export async function loadPageRenderer(options: {
  distDir: string;
  files: ReadonlyMap<string, StaticFile>;
  fleet?: () => Promise<CachedAnswer>;
  operator?: unknown;
  log: FastifyBaseLogger;
}): Promise<PageRenderer | undefined> {
  const { distDir, files, fleet, operator, log } = options;
  if (!fleet && operator === undefined) return undefined;
  const entry = join(`${distDir}-server`, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let renderPage: RenderPage;
  try {
    ({ renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage });
  } catch (error) {
    log.warn({ err: error, entry }, 'could not load the page renderer: the pages it draws answer as built');
    return undefined;
  }
  const resources = textsOf(files);
  const rendered = new WeakMap<CachedAnswer, Map<string, Promise<StaticFile>>>();

  /** The page at `url` drawn with `data` into the build-time `template`; `dataJson` is `data` as sent. */
  const draw = async (
    url: string,
    lng: LanguageCode,
    template: string,
    data: { boats?: unknown; operator?: unknown },
    dataJson: string,
  ) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rendering ${url} took over ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
    });
    const page = await Promise.race([renderPage(url, lng, resources, data), timeout]).finally(() =>
      clearTimeout(timer),
    );
    const texts = Object.fromEntries(page.namespaces.map((ns) => [ns, resources[lng]?.[ns]]));
    const html = template.replace(
      ROOT_AND_TEXTS,
      () =>
        `${ROOT}${page.html}</div>\n    <script type="application/json" id="prerendered-texts">${scriptJson(JSON.stringify({ lng, resources: { [lng]: texts } }))}</script>` +
        `\n    <script type="application/json" id="page-data">${scriptJson(dataJson)}</script>`,
    );
    const identity = Buffer.from(html);
    return {
      type: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      identity,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    } satisfies StaticFile;
  };

  /** The build-time page of that name and language, if it has the shape a drawing fills. */
  const templateOf = (name: string, lng: LanguageCode) => {
    const template = files.get(`/pages/${name}.${lng}.html`)?.identity.toString();
    return template && ROOT_AND_TEXTS.test(template) ? template : undefined;
  };

  // Drawn once per language and document: the identity only changes with a restart.
  const legalPages = new Map<string, Promise<StaticFile>>();
  const operatorJson = JSON.stringify({ operator });
  const legalPage = async (document: string, query: URLSearchParams, lng: LanguageCode) => {
    if ([...query.keys()].some((name) => !harmless(name))) return undefined;
    const template = templateOf(`legal-${document}`, lng);
    if (!template) return undefined;
    const key = `${lng} ${document}`;
    let drawing = legalPages.get(key);
    if (!drawing) {
      drawing = draw(`/legal/${document}`, lng, template, { operator }, operatorJson);
      legalPages.set(key, drawing);
      drawing.catch(() => legalPages.delete(key));
    }
    try {
      return await drawing;
    } catch (error) {
      log.warn({ err: error, document, lng }, 'could not draw the legal page: answering the built one');
      return undefined;
    }
  };

  return async (path, query, lng) => {
    const legal = operator === undefined ? null : LEGAL_PATH.exec(path);
    if (legal) return legalPage(legal[1]!, query, lng);
    if (!fleet || !BOOKING_PATH.test(path) || BROWSER_ONLY.some((name) => query.has(name))) return undefined;
    const template = templateOf('booking', lng);
    if (!template) return undefined;
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
      const boats = cachedJson(answer);
      const drawing = draw(url, lng, template, { boats }, `{"boats":${inflated(answer).toString()}}`);
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
