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
    ...overrides,
  });
}
