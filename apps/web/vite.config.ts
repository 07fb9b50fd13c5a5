import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { prerender } from './scripts/prerender.ts';

// In development Vite proxies the API to the Fastify server on :3000.
const api = { target: 'http://localhost:3000', changeOrigin: false };

/**
 * After the browser build, builds src/entry-server.tsx for Node into a temporary folder and
 * writes the prerendered pages (scripts/prerender.ts) into the same output, so every
 * `vite build` (npm run build, the journeys, the bench) ships them.
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
      const ssrDir = await mkdtemp(join(root, '.prerender-'));
      try {
        await build({
          root,
          logLevel: 'warn',
          build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
        });
        await prerender({ outDir, ssrDir });
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), prerenderPages()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // scripts/prerender.js reads it to link the split-out parts a prerendered page shows.
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
    // A whole typed-in booking choice takes a few seconds of jsdom on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
