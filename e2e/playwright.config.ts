import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_WORKERS } from './support/server';

// Journeys run against the real built app on an embedded database seeded with the demo data,
// in Debian's Chromium (never a browser download). Several workers, each with its own server
// (support/server.ts): a file's journeys run in order in one worker, on one server.
export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // Under `npm test` (E2E_RETRIES=1, scripts/test.js) one more try for a journey that failed, and
  // the report names it "flaky": a timing slip of a loaded machine (seen: the fleet's active card
  // after a smooth scroll, a sign-in dialog closing late on a slower CI machine) should not hide
  // the run's real results, and a real defect fails both tries. A journey run by hand gets one try.
  retries: Number(process.env.E2E_RETRIES ?? 0),
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
  // One command starts every worker's server (support/start-servers.js) and says when all are ready.
  webServer: {
    command: 'node support/start-servers.js',
    wait: { stdout: /journeys' servers ready/ },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
