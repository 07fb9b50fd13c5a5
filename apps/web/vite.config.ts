import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In development Vite proxies the API to the Fastify server on :3000.
const api = { target: 'http://localhost:3000', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
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
