import { loadConfig, type Config } from '../../src/config';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-test-secret-test-secret-000',
    SEED_DEMO_DATA: 'false',
    // API tests book many seats from the one inject address; the per-client seat limit is tested
    // at its defaults in test/security/rate-limits.test.ts.
    MAX_HELD_SEATS_PER_TRIP: '10000',
    MAX_HELD_SHARE_PER_TRIP_PERCENT: '100',
    // Password hashes at 2^12 instead of production's 2^17: the same code, 1/32 of the work. The
    // files about hashing under load set 17 again (REAL_PASSWORD_HASH_COST).
    PASSWORD_HASH_COST_LOG2: '12',
    // The tests' accounts (…@example.com) sign in without a second factor, as the demo's do;
    // test/api/auth/second-factor.test.ts uses accounts of another domain.
    SECOND_FACTOR_EXEMPT: '@example.com',
    ...overrides,
  });
}

/** Production's scrypt cost, for the files that measure sign-ins under load. */
export const REAL_PASSWORD_HASH_COST = { PASSWORD_HASH_COST_LOG2: '17' };
