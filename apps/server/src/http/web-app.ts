// Serves the built React app from the same process, from memory (static-files.ts): hashed
// assets cached for a year, index.html never cached, and every other page path answered with
// index.html, whatever the request's Accept or Accept-Encoding (curl gets the page too). The
// landing page answers prerendered in the visitor's language (prerendered-pages.ts), the booking
// pages drawn on request with the fleet and the legal pages with the operator's identity
// (server-rendered-pages.ts, the prerendered page when that fails); pages get what the server adds to their <head> (app.ts: the booking pages' preload hints, the
// landing and boat pages' structured data, language alternates and share preview), and under
// PAYMENTS=sandbox the test-bookings banner first thing inside #root (see testBookingsBanner).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageCode } from '@boats/domain/languages';
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import { precompressWebApp } from './precompress';
import type { CachedAnswer } from './answer-cache';
import { pageLanguage, prerenderedPage } from './prerendered-pages';
import { loadPageRenderer } from './server-rendered-pages';
import { loadStaticFiles, sendStaticFile, type StaticFile } from './static-files';

const API_PREFIXES = ['/api/', '/checkout/', '/messages/', '/user/', '/healthz', '/readyz'];

const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url}` });
}

/** What the server adds to a page's <head>. */
export type PageHead = {
  /** Tags added at the end of <head> ('' for none). */
  tags: string;
  /**
   * The page is written in this language with its own share preview: <html lang> says so, and
   * the template's og:/twitter: tags give way to the ones in `tags`.
   */
  lng?: LanguageCode;
  /** The page's own <title> and meta description, replacing the template's. */
  title?: string;
  description?: string;
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The template's share preview (index.html, kept for the pages without their own). */
const TEMPLATE_PREVIEW = /\s*<meta\s+(?:property|name)="(?:og|twitter):[^"]*"\s+content="[^"]*"\s*\/?>/g;

/**
 * The page with the test-bookings banner in its language, as the build drew it
 * (dist/pages/test-bookings.{lng}.html), first thing inside #root. Written here rather than by a
 * script once the app has asked for the payments config: the page arrives with it, so nothing
 * moves when the app starts, and the landing page's scripts need no config check (nor zod). The
 * app draws it in the same place when the page came with it (apps/web/src/app/test-bookings-banner.tsx),
 * so hydration finds what it draws.
 */
const withTestBookingsBanner = (html: string, banner: string) =>
  html.replace('<div id="root">', () => `<div id="root">${banner}`);

function withHead(html: string, head: PageHead): string {
  let page = html;
  if (head.lng) {
    page = page.replace(TEMPLATE_PREVIEW, '').replace(/<html lang="[^"]*"/, `<html lang="${head.lng}"`);
  }
  if (head.title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description) {
    page = page.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    );
  }
  return page.replace('</head>', `${head.tags}</head>`);
}

/**
 * The page with its head, compressed once as it is made (as the build's files are), not on
 * every request: the landing page is the most viewed of all. Compressed in this thread, not
 * libuv's pool, so a page never waits behind password hashes for a thread
 * (test/security/static-under-load.test.ts); a page is made again only when its head changes.
 */
function pageWithHead(page: StaticFile, head: PageHead, banner: string): StaticFile {
  const identity = Buffer.from(withTestBookingsBanner(withHead(page.identity.toString(), head), banner));
  return {
    ...page,
    identity,
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

export type WebAppSources = {
  /**
   * What to add to the page's <head> in the language it answers in (a failure to compute it
   * sends the page without it); `fleetInPage`: the page was drawn with the fleet and carries it.
   */
  pageHead?: (path: string, lng: LanguageCode, fleetInPage: boolean) => Promise<PageHead>;
  /** The catalogue cache's answer, which the booking pages are drawn with. */
  fleet?: () => Promise<CachedAnswer>;
  /** Who runs the site (GET /api/operator's answer), which the legal pages are drawn with. */
  operator?: OperatorIdentity;
  /** PAYMENTS=sandbox: every page shows the test-bookings banner. */
  testBookings?: boolean;
};

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { pageHead = async () => ({ tags: '' }), fleet, operator, testBookings = false }: WebAppSources = {},
): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (!hasBuild) {
    app.setNotFoundHandler((request, reply) => {
      const wantsPage = request.method === 'GET' && !isApi(request.url);
      if (!wantsPage) return notFound(request, reply);
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    });
    return;
  }

  const compressed = await precompressWebApp(distDir);
  if (compressed.failed > 0) app.log.warn(compressed, 'could not write compressed copies of the web app');
  const files = await loadStaticFiles(distDir);
  const index = files.get('/index.html');
  if (!index) throw new Error(`${distDir}/index.html vanished while loading the web app`);
  const renderPage = await loadPageRenderer({ distDir, files, fleet, operator, log: app.log });
  /** The test-bookings banner a page in this language gets ('' for none). */
  const testBookingsBanner = (lng: LanguageCode) =>
    testBookings ? (files.get(`/pages/test-bookings.${lng}.html`)?.identity.toString() ?? '') : '';
  // One page per distinct page, head and banner (a handful: per language, per boat), made once.
  const pages = new Map<string, StaticFile>();
  const withPageHead = (page: StaticFile, head: PageHead, banner: string): StaticFile => {
    const key = `${page.etag} ${JSON.stringify(head)} ${banner}`;
    let made = pages.get(key);
    if (!made) {
      made = pageWithHead(page, head, banner);
      if (pages.size >= 200) pages.clear();
      pages.set(key, made);
    }
    return made;
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApi(path)) return notFound(request, reply);
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return notFound(request, reply);
    }
    const file = files.get(decoded);
    if (file) return sendStaticFile(request, reply, file);
    // A missing file (a name with an extension) is a 404; any other path is a page of the app.
    const lastSegment = decoded.slice(decoded.lastIndexOf('/') + 1);
    if (/\.[a-z0-9]+$/i.test(lastSegment) && !(request.headers.accept ?? '').includes('text/html')) {
      return notFound(request, reply);
    }
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const lng = pageLanguage(request, query);
    const drawn = await renderPage?.(decoded, query, lng);
    const prerendered = drawn ?? prerenderedPage(request, decoded, files);
    const head: PageHead = await pageHead(decoded, lng, Boolean(drawn)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not write the page head');
      return { tags: '' };
    });
    const banner = testBookingsBanner(lng);
    // The same address answers in several languages: caches must key on what chose it.
    if (prerendered || head.lng || banner) reply.header('vary', 'accept-language, cookie');
    const page = prerendered ?? index;
    const changed = head.tags || head.lng || head.title || head.description || banner;
    return sendStaticFile(request, reply, changed ? withPageHead(page, head, banner) : page);
  });
  app.setNotFoundHandler((request, reply) => notFound(request, reply));
}
