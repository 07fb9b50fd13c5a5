// Serves the built React app from the same process, from memory (static-files.ts): hashed
// assets cached for a year, index.html never cached, and every other page path answered with
// index.html, whatever the request's Accept or Accept-Encoding (curl gets the page too). The
// landing page and /booking answer prerendered in the visitor's language (prerendered-pages.ts);
// the booking pages get preload hints in their <head> (page-preloads.ts).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { precompressWebApp } from './precompress';
import { prerenderedPage } from './prerendered-pages';
import { loadStaticFiles, sendStaticFile, type StaticFile } from './static-files';

const API_PREFIXES = ['/api/', '/checkout/', '/messages/', '/user/', '/healthz', '/readyz'];

const isApi = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url}` });
}

/**
 * `pagePreloads(path)`: `<link>` tags to add to the page's <head>, or '' (a failure to compute
 * them sends the page without them).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pagePreloads: (path: string) => Promise<string> = async () => '',
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
  // One page per distinct page and set of hints (a handful: per language, per boat), made once.
  const pages = new Map<string, StaticFile>();
  const withPreloads = (page: StaticFile, preloads: string): StaticFile => {
    const key = `${page.etag} ${preloads}`;
    let made = pages.get(key);
    if (!made) {
      const identity = Buffer.from(page.identity.toString().replace('</head>', `${preloads}</head>`));
      made = {
        ...page,
        identity,
        etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
        br: undefined,
        gzip: undefined,
      };
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
    const prerendered = prerenderedPage(request, decoded, files);
    // The same address answers in several languages: caches must key on what chose it.
    if (prerendered) reply.header('vary', 'accept-language, cookie');
    const page = prerendered ?? index;
    const preloads = await pagePreloads(decoded).catch(() => '');
    return sendStaticFile(request, reply, preloads ? withPreloads(page, preloads) : page);
  });
  app.setNotFoundHandler((request, reply) => notFound(request, reply));
}
