// Serves the built React app from the same process: hashed assets cached for a year,
// index.html never cached, and client routes answered with index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { precompressWebApp } from './precompress';

const API_PREFIXES = ['/api/', '/checkout/', '/messages/', '/user/', '/healthz', '/readyz'];

/**
 * `pagePreloads(path)`: `<link>` tags to add to the page's <head> (page-preloads.ts), or '' —
 * a failure to compute them sends the page without them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pagePreloads: (path: string) => Promise<string> = async () => '',
): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  const indexHtml = hasBuild ? readFileSync(join(distDir, 'index.html'), 'utf8') : '';
  if (hasBuild) {
    const compressed = await precompressWebApp(distDir);
    if (compressed.failed > 0) app.log.warn(compressed, 'could not write compressed copies of the web app');
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(reply, sentPath) {
        // A compressed copy (index.html.br) is cached like its original.
        const path = sentPath.replace(/\.(br|gz)$/, '');
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    const wantsPage =
      request.method === 'GET' && !isApi && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasBuild) {
      const preloads = await pagePreloads(request.url).catch(() => '');
      if (!preloads) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replace('</head>', `${preloads}</head>`));
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply
      .status(404)
      .send({ error: 'not_found', message: `No route ${request.method} ${request.url}` });
  });
}
