import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_WORKERS } from './support/server';

// Playwright hands the files to the workers in the order of the projects below, each project's
// files alphabetically, and a file's journeys run in order in one worker. So the longest files go
// first and the shortest last: the workers then finish within seconds of each other, instead of
// one running a 25-second file alone at the end while the others wait (2026-11-29: `waitlist`,
// the last file alphabetically). The tiers come from the list reporter's times of a whole run
// (docs/development.md#the-test-time-budget); a file in neither list runs with the short ones,
// and a name that no longer is a file is an error, so the lists stay true. `admin-invoicing` is
// short but goes first, as it did alphabetically: the record it corrects must still be on the
// records page's first page, which a whole run's invoices on its server would push it off.
const LONG_FILES = [
  'admin-bookings',
  'admin-boats',
  'admin-invoicing',
  'booking-3ds',
  'booking-in-site',
  'booking-mobile',
  'booking-other-languages',
  'booking-promo-code',
  'booking-reload-and-holds',
  'booking-shared',
  'crew-checkin',
  'crew-payment-link',
  'customer-invoice',
  'gift-voucher',
  'invoices-above-400',
  'landing',
  'landing-phone-overlap',
  'legal',
  'list-your-boat',
  'manage-booking',
  'menu',
  'owner-earnings',
  'prerendered-pages',
  'request-to-book',
  'security-deposit',
  'tourist-booking-rules',
];
const MIDDLE_FILES = [
  'admin-photos-archive',
  'admin-staff-and-reset',
  'agent-desk',
  'booking-blockers',
  'booking-charter',
  'booking-lookup',
  'booking-timezones',
  'contact',
  'crew-walk-in',
  'cross-owner-move',
  'data-rights',
  'demo-self-drive',
  'manage-booking-reschedule',
  'owner-second-factor',
  'reviews',
  'security-xss',
  'tourist-after-paying',
  'tourist-dialog-address',
  'tourist-way-in-and-back',
  'trips-canceled-final',
  'trips-cutoff',
  'waitlist',
];
function files(names: string[]): string[] {
  for (const name of names)
    if (!existsSync(new URL(`./journeys/${name}.spec.ts`, import.meta.url)))
      throw new Error(`playwright.config.ts lists ${name}, which is no journey file`);
  return names.map((name) => `**/journeys/${name}.spec.ts`);
}

// Journeys run against the real built app on an embedded database seeded with the demo data,
// in Debian's Chromium (never a browser download). Several workers, each with its own server
// (support/server.ts): a file's journeys run in order in one worker, on one server.
export default defineConfig({
  testDir: './journeys',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  projects: [
    { name: 'long', testMatch: files(LONG_FILES) },
    { name: 'middle', testMatch: files(MIDDLE_FILES) },
    { name: 'short', testIgnore: files([...LONG_FILES, ...MIDDLE_FILES]) },
  ],
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
