import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { prerender } from './scripts/prerender.ts';

// In development Vite proxies the API to the Fastify server on :3000.
const api = { target: 'http://localhost:3000', changeOrigin: false };

/**
 * After the browser build, builds src/entry-server.tsx for Node into dist-server/ (beside dist/,
 * not in it: it is not for the web) and writes the prerendered pages (scripts/prerender.ts) into
 * the browser's output, so every `vite build` (npm run build, the journeys, the bench) ships
 * them. The server loads dist-server/entry-server.js at start to draw the booking pages on
 * request (docs/performance.md#the-booking-page-drawn-on-the-server).
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let root = '';
  let serverBuild = false;
  return {
    name: 'boats:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      // Inside the app, so the server build finds react and the rest in node_modules.
      const ssrDir = `${outDir}-server`;
      await build({
        root,
        logLevel: 'warn',
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
        },
      });
      await prerender({ outDir, ssrDir });
    },
  };
}

/** The crew's pages (features/trips): what the crew's app keeps for use without signal. */
const CREW_PAGES = /features\/trips\/(trips-page|manifest-page|checkin-page)\.tsx$/;
/** The texts the crew's pages read, in every language (a crew member may switch on the quay). */
const CREW_TEXTS = ['common', 'admin', 'admin-bookings', 'auth', 'trips'];
const CREW_LANGUAGES = ['en', 'es', 'ru', 'de', 'fr', 'it'];

/**
 * Writes crew-sw.js (scripts/crew-service-worker.js; why hand-written:
 * docs/decisions/0025-a-hand-written-service-worker-for-the-crew.md) with the files the crew's app needs without signal: the app's entry and what it loads at once, the crew's pages
 * with everything they load (also later: the camera's QR reader), their styles and fonts, the
 * texts and the icons. The version is the list's hash: the file names carry their content's
 * hash, so a new build with a changed file is a new worker, which replaces the old copy.
 */
function crewServiceWorker(): Plugin {
  let ssr = false;
  return {
    name: 'boats:crew-service-worker',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      if (ssr) return;
      const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const files = new Set<string>();
      const add = (chunk: Rolldown.OutputChunk | undefined, withLater: boolean) => {
        if (!chunk || files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const name of chunk.imports) add(byName.get(name), withLater);
        if (withLater) for (const name of chunk.dynamicImports) add(byName.get(name), withLater);
      };
      for (const chunk of chunks) if (chunk.isEntry) add(chunk, false);
      for (const chunk of chunks)
        if (chunk.facadeModuleId && CREW_PAGES.test(chunk.facadeModuleId)) add(chunk, true);
      const precache = [
        ...[...files].sort().map((f) => `/${f}`),
        ...CREW_LANGUAGES.flatMap((lng) => CREW_TEXTS.map((ns) => `/locales/${lng}/${ns}.json`)),
        '/icons/icon-192.png',
        '/icons/icon-512.png',
        '/icons/crew-maskable-512.png',
        '/crew.webmanifest',
      ];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(resolve(import.meta.dirname, 'scripts/crew-service-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'crew-sw.js',
        source: `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = '${version}';\n${source}`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), prerenderPages(), crewServiceWorker()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // scripts/prerender.ts reads it to link the split-out parts a prerendered page shows.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/checkout': api, '/messages': api, '/user': api, '/media': api },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Files share their worker's modules and jsdom window (isolate: false): a fresh window and
    // React, i18next and the rest imported anew for each of 67 files cost five times the tests
    // themselves (126 s of CPU against 25 s). test-setup.ts starts each file as a fresh page
    // load instead (storage, cookies, address, nobody signed in).
    isolate: false,
    // A whole typed-in booking choice takes a few seconds of jsdom on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
