import { defineConfig } from 'vitest/config';

// The API tests run once against embedded PGlite and, when TEST_DATABASE_URL names a
// PostgreSQL server, again against it. Tests under test/postgres need real parallel
// connections and run only there; tests under test/pglite are about the embedded database only.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'server-unit', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['test/api/**/*.test.ts', 'test/pglite/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/helpers/global-setup-pglite.ts'],
        },
      },
      // Generated from the route table (mocks fastify to record routes): kept apart from the API
      // tests so the mocks never touch them. The database does not change what they prove.
      {
        extends: true,
        test: {
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/helpers/global-setup-pglite.ts'],
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['test/api/**/*.test.ts', 'test/postgres/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup: ['test/helpers/global-setup-postgres.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
