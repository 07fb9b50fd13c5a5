import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/server';

// Journeys run against the real built app on an embedded database seeded with the demo data,
// in Debian's Chromium (never a browser download).
export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // In CI one more try for a journey that failed, and the report names it "flaky": a timing
  // slip of a loaded machine (seen: the fleet's active card after a smooth scroll) should not
  // hide the run's real results, and a real defect fails both tries.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Atlantic/Canary',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-quic',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node support/start-server.js',
    url: `${E2E_BASE_URL}/readyz`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
