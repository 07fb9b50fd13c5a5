import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The API tests run once against embedded PGlite and, when TEST_DATABASE_URL names a
// PostgreSQL server, again against it. Tests under test/postgres need real parallel
// connections and run only there; tests under test/pglite are about the embedded database only.
//
// Three rounds (sequence.groupOrder). First the bulk, three files at a time: most of a file's
// time is spent waiting on a database, a socket or a child process (PostgreSQL's own processes do
// the PostgreSQL files' queries), so three workers keep two cores busy. The model tests are in
// the bulk: they prove outcomes, not speed. Then, two at a time, the files whose servers run as
// processes or whose races run against the clock (crashes, second instances, the production
// start, hundreds of concurrent customers): they prove outcomes too, but a start or a race slowed
// by three other busy files would only meet its timeout (`npm test` runs them after the
// journeys). Last, alone and one at a time, the files that measure time or load the machine on
// purpose (a crowd, slow clients, sign-in delays and limits, the season's bounds, an outage's
// fail-fast), so no other file's work skews them.
//
// Files share their worker's module cache (isolate: false): every API file builds its own app
// and database through buildTestApp with its own config, and src keeps no app's state in a module
// (the password-hashing queue is the process's by design), so importing the app once per worker
// instead of once per file (about 8 s a file on two cores) changes no result.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const ALONE_PGLITE = [
  'test/pglite/crowd.test.ts',
  'test/security/static-under-load.test.ts',
  'test/security/slow-clients.test.ts',
  'test/security/sign-in-limits.test.ts',
  'test/security/rate-limits.test.ts',
];
const PROCESSES_PGLITE = ['test/security/production-start.test.ts', 'test/pglite/bundle.test.ts'];
const PROCESSES_POSTGRES = [
  'test/postgres/crash-recovery.test.ts',
  'test/postgres/two-instance.test.ts',
  'test/postgres/cache-freshness.test.ts',
  'test/postgres/operator-customer-races.test.ts',
  'test/postgres/database-roles.test.ts',
];
const ALONE_POSTGRES = [
  'test/postgres/season-scale.test.ts',
  'test/postgres/shared-limits.test.ts',
  'test/postgres/outage.test.ts',
];
// API files run on PostgreSQL as well only when the database can change what they prove. These
// prove what the server draws or answers from its configuration and memory (HTML, headers,
// limits kept in memory, the fake card provider's HTTP): their queries are plain reads and writes
// that the other files run on PostgreSQL too, so a second run proved nothing more and cost each
// file its database copy and app (docs/development.md#the-test-time-budget).
const SAME_ON_POSTGRES = [
  'test/api/http/server-rendered-booking.test.ts',
  'test/api/http/prerendered-pages.test.ts',
  'test/api/http/page-preloads.test.ts',
  'test/api/http/ipv6-clients.test.ts',
  'test/api/seo/structured-data.test.ts',
  'test/api/payments/sandbox-auth-page.test.ts',
  'test/api/payments/stripe-adapter.test.ts',
  'test/api/operator/operator.test.ts',
  'test/api/mail/email-addresses.test.ts',
  'test/api/octo/octo-rate-limit.test.ts',
  // What an e-mail, a photo, a calendar or a QR code says or looks like: drawn from rows any
  // database returns alike, after plain reads and writes.
  'test/api/media/admin-photos.test.ts',
  'test/api/mail/emails-every-language.test.ts',
  'test/api/mail/account-and-reply-emails.test.ts',
  'test/api/mail/mail-smtp.test.ts',
  'test/api/messages/contact.test.ts',
  'test/api/owner-notifications/owner-notifications.test.ts',
  'test/api/invoices/invoice-qr.test.ts',
  'test/api/calendar-feed/calendar-feed.test.ts',
  // A reseller's webhooks and boat settings: plain reads and writes the OCTO contract file runs on
  // PostgreSQL too.
  'test/api/octo/octo-webhooks.test.ts',
  'test/api/octo/octo-boat-settings.test.ts',
];
// The bulk's longest files: model tests of a minute or so on a loaded machine, each in one worker.
// Vitest queues a round's files project by project, in the projects' names' order, and without
// timings from an earlier run (CI's fresh checkout) a project's larger files first: these came
// when four fifths of the bulk was done and could run on after the other workers had finished.
// Their project now goes first in the round and they go first in it, so the round ends with short
// files on every worker.
const LONG_POLES = [
  'test/postgres/payouts-model.test.ts',
  'test/postgres/lifecycle-model.test.ts',
  'test/postgres/invoicing/chain-model.test.ts',
  'test/postgres/invoicing/booking-documents-model.test.ts',
];

class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isPole = (file: TestSpecification) =>
      LONG_POLES.includes(relative(file.project.config.root, file.moduleId));
    const withPoles = new Set(sorted.filter(isPole).map((file) => file.project.name));
    const rank = (file: TestSpecification) =>
      (withPoles.has(file.project.name) ? 0 : 2) + (isPole(file) ? 0 : 1);
    // Stable: every other file keeps the order vitest gave it, rounds (groupOrder) first.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}

const together = { maxWorkers: 3, sequence: { groupOrder: 0 } };
const processes = { maxWorkers: 2, sequence: { groupOrder: 1 } };
const alone = { maxWorkers: 1, sequence: { groupOrder: 2 } };
const pglite = { env: { TEST_DB: 'pglite' }, globalSetup: ['test/helpers/global-setup-pglite.ts'] };
const postgres = { env: { TEST_DB: 'postgres' }, globalSetup: ['test/helpers/global-setup-postgres.ts'] };

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
    sequence: { sequencer: LongPolesFirst },
    projects: [
      { extends: true, test: { name: 'server-unit', include: ['src/**/*.test.ts'], ...together } },
      // The API, PGlite and security files share one project: a worker serves one project, so
      // each project more cost every worker a start and the app's import again.
      {
        extends: true,
        test: {
          name: 'bulk-pglite',
          include: ['test/api/**/*.test.ts', 'test/pglite/**/*.test.ts', 'test/security/**/*.test.ts'],
          exclude: [...ALONE_PGLITE, ...PROCESSES_PGLITE],
          ...pglite,
          ...together,
        },
      },
      {
        extends: true,
        test: { name: 'processes-pglite', include: PROCESSES_PGLITE, ...pglite, ...processes },
      },
      {
        extends: true,
        test: {
          name: 'alone-pglite',
          include: ALONE_PGLITE,
          ...pglite,
          ...alone,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'bulk-postgres',
                include: ['test/api/**/*.test.ts', 'test/postgres/**/*.test.ts'],
                exclude: [...SAME_ON_POSTGRES, ...ALONE_POSTGRES, ...PROCESSES_POSTGRES],
                ...postgres,
                ...together,
              },
            },
            {
              extends: true as const,
              test: { name: 'processes-postgres', include: PROCESSES_POSTGRES, ...postgres, ...processes },
            },
            {
              extends: true as const,
              test: {
                name: 'alone-postgres',
                include: ALONE_POSTGRES,
                ...postgres,
                ...alone,
              },
            },
          ]
        : []),
    ],
  },
});
