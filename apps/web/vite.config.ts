import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), prerenderPages()],
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
